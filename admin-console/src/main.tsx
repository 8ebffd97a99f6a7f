import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import reloadAfterRelease from '@union/shared/releaseReload';
import { App } from './App';

// A console left open across a release loads itself afresh when the code of the page asked for
// is gone (the entry is this very module: its address changes with every release).
reloadAfterRelease(window, import.meta.url);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
