// What `use-sync-external-store/shim` gives react-i18next: React's own hook. The shim re-implements
// it for React before 18 and, on React 18 and later, only hands out React's; this skips its code
// (~0.5 KB gzipped on every page). vite.config.ts points the shim here.
export { useSyncExternalStore } from 'react';
