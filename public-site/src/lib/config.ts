import { readConfig } from '@union/shared/config';

/** Built once from the VITE_* build-time env (defaults: the local stack). */
export const config = readConfig(import.meta.env);
