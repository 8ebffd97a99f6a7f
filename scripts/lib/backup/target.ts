// The project a backup reads or a restore writes, always named by the operator: `--target=local`
// (the stack that runs on this machine, found from its own record, whatever its ports) or a
// hosted project of the deploy settings (`--target=hosted` is production's deploy.env,
// `--target=<name>` deploy.<name>.env, as for `npm run deploy`). Nothing is taken from stray
// SUPABASE_* variables of the shell: a terminal still holding production's values once made a
// restore meant for the laptop replace production's data.
import path from 'node:path';
import { readStackState, SECRET_KEY, SERVICE_ROLE_KEY } from '@union/local-stack';
import { readHostedConfig } from '../../deploy/config.js';
import { readCa } from '../pg-connect.js';

export interface Target {
  /** What the operator named: `local`, or the hosted target's name. */
  name: string;
  /** API gateway, e.g. https://<ref>.supabase.co */
  apiUrl: string;
  /** The service key (service_role JWT or sb_secret_…): Storage's bytes go through the API. */
  serviceKey: string;
  /** postgresql://postgres…: connected as `postgres`, as on a hosted project. */
  dbUrl: string;
  /** The project's CA certificate (PEM): required for a database that is not on this machine. */
  dbCa?: string;
  /** The local stack (its demo service key): only then may the demo keys be used. */
  local: boolean;
  /** A hosted project's reference, typed to confirm a --replace. */
  ref?: string;
}

export function isLocalKey(serviceKey: string): boolean {
  return serviceKey === SERVICE_ROLE_KEY || serviceKey === SECRET_KEY;
}

export const TARGET_USAGE =
  '--target=local (the stack running on this machine; --data-dir=<dir> for one not in .data/dev) ' +
  'or --target=hosted (the project of deploy.env; --target=<name> for deploy.<name>.env)';

/** How the commands name a target to the operator: the local stack, or a hosted one with its reference. */
export const describeTarget = (t: Target): string => (t.local ? 'the local stack' : `"${t.name}" (${t.ref})`);

/** `--target=…` and `--data-dir=…` of `args`, or an error saying what to add. */
export function targetOption(args: string[]): { name: string; dataDir?: string } {
  const value = (flag: string) => args.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const name = value('target')?.trim();
  if (!name) throw new UsageError(`Name the project: ${TARGET_USAGE}.`);
  const dataDir = value('data-dir');
  if (dataDir !== undefined && name !== 'local') throw new UsageError('--data-dir is for --target=local.');
  return { name, dataDir };
}

export class UsageError extends Error {}

/**
 * The local stack that runs on `dataDir` (`.data/dev`, where `npm start` keeps it), from the
 * record it writes when ready; an error when none runs there.
 */
export function localTarget(root: string, dataDir = path.join(root, '.data', 'dev')): Target {
  const dir = path.resolve(root, dataDir);
  const state = readStackState(dir);
  if (!state)
    throw new Error(
      `No local stack is running on ${path.relative(root, dir) || dir}: start it with \`npm run stack\` ` +
        '(or name another one with --data-dir=<its folder>).',
    );
  return { name: 'local', apiUrl: state.apiUrl, serviceKey: SERVICE_ROLE_KEY, dbUrl: state.dbUrl, local: true };
}

/** A hosted project of the deploy settings: its reference, database, service key and CA. */
export function hostedTarget(root: string, name: string, env: NodeJS.ProcessEnv = process.env): Target {
  const settings = name === 'hosted' ? 'production' : name;
  const c = readHostedConfig(root, settings, env, [
    'SUPABASE_PROJECT_REF',
    'SUPABASE_DB_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'SUPABASE_DB_CA',
  ]);
  if (isLocalKey(c.SUPABASE_SERVICE_ROLE_KEY))
    throw new Error(
      `The "${settings}" settings hold the local stack's demo service key: that is not a hosted project.`,
    );
  return {
    name: settings,
    apiUrl: `https://${c.SUPABASE_PROJECT_REF}.supabase.co`,
    serviceKey: c.SUPABASE_SERVICE_ROLE_KEY,
    dbUrl: c.SUPABASE_DB_URL,
    dbCa: readCa(c.SUPABASE_DB_CA, root),
    local: false,
    ref: c.SUPABASE_PROJECT_REF,
  };
}

export function resolveTarget(root: string, args: string[], env: NodeJS.ProcessEnv = process.env): Target {
  const { name, dataDir } = targetOption(args);
  return name === 'local' ? localTarget(root, dataDir) : hostedTarget(root, name, env);
}
