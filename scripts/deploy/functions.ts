// The Edge Functions a release deploys, and the secrets they need.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The folders `supabase functions deploy` uploads when given no names: each folder with an
 * index.ts whose name the CLI accepts as a function's (a letter first). `_shared` (code the
 * functions import) and `_probe` (the local stack's start-up probe) are not functions.
 */
export function deployableFunctions(functionsDir: string): string[] {
  return readdirSync(functionsDir)
    .filter((name) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(name))
    .filter((name) => existsSync(path.join(functionsDir, name, 'index.ts')))
    .sort();
}

/** Set by Supabase in every function; a release never sets them. */
export const PLATFORM_VARIABLES = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.[cm]?[jt]sx?$/.test(entry) ? [file] : [];
  });
}

/** The environment variables the functions read (`Deno.env.get('NAME')`), their own code and _shared. */
export function variablesRead(functionsDir: string, functions: string[]): string[] {
  const names = new Set<string>();
  for (const dir of [...functions, '_shared'])
    for (const file of sourceFiles(path.join(functionsDir, dir)))
      for (const match of readFileSync(file, 'utf8').matchAll(/Deno\.env\.get\(\s*['"]([A-Z0-9_]+)['"]\s*\)/g))
        names.add(match[1]!);
  return [...names].sort();
}

/** Variables a function reads that neither Supabase nor the release sets. */
export function unsetVariables(read: string[], secrets: Record<string, string>): string[] {
  return read.filter((name) => !PLATFORM_VARIABLES.includes(name) && !(name in secrets));
}

/** `NAME=value` lines for `supabase secrets set --env-file` (values quoted as dotenv reads them). */
export const envFile = (secrets: Record<string, string>): string =>
  Object.entries(secrets)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('\n') + '\n';
