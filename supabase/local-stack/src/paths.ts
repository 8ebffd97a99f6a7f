import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** supabase/local-stack/src */
export const srcDir = here;
/** The repository root (holds supabase/, node_modules/). */
export const repoRoot = path.resolve(here, '..', '..', '..');
export const supabaseDir = path.join(repoRoot, 'supabase');
export const bootstrapDir = path.join(here, 'bootstrap');
