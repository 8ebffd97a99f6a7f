import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './lib/i18n';
import './styles.css';

// The visitor's texts come first so the first paint is in the right language (Arabic, the
// default, is already in this download; English and Turkish are one small fetch away).
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
