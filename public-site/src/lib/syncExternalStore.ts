// What `use-sync-external-store/shim` resolves to in this app (vite.config.ts): React's own hook.
// react-i18next imports the shim to support React 17; on React 18 and later the shim hands over
// to this same hook, so the shim's code (its fallback for old React) would only be bytes in the
// first download.
export { useSyncExternalStore } from 'react';
