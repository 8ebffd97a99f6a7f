// The project a backup reads or a restore writes: the same three values for the local stack and a
// hosted one (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL, the names the tests use),
// so both go through one code path. With none of them set, the local stack at config.toml's ports
// is meant, and the command says so; a partial set is an error rather than a guess.
import { readProjectConfig, SECRET_KEY, SERVICE_ROLE_KEY } from '@union/local-stack';

export interface Target {
  /** API gateway, e.g. https://<ref>.supabase.co */
  apiUrl: string;
  /** The service key (service_role JWT or sb_secret_…): Storage's bytes go through the API. */
  serviceKey: string;
  /** postgresql://postgres…: connected as `postgres`, as on a hosted project. */
  dbUrl: string;
  /** The local stack (its demo service key): only then may the demo age key pair be used. */
  local: boolean;
}

export interface TargetEnv {
  SUPABASE_URL?: string;
  SUPABASE_SERVICE_ROLE_KEY?: string;
  SUPABASE_DB_URL?: string;
}

export function isLocalKey(serviceKey: string): boolean {
  return serviceKey === SERVICE_ROLE_KEY || serviceKey === SECRET_KEY;
}

export function resolveTarget(env: TargetEnv, say: (line: string) => void): Target {
  const names = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'] as const;
  const set = names.filter((n) => env[n]?.trim());
  if (set.length === 0) {
    const cfg = readProjectConfig();
    const target = {
      apiUrl: `http://127.0.0.1:${cfg.api.port}`,
      serviceKey: SERVICE_ROLE_KEY,
      dbUrl: `postgresql://postgres:postgres@127.0.0.1:${cfg.db.port}/postgres`,
      local: true,
    };
    say(`the local stack at ${target.apiUrl} (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL not set)`);
    return target;
  }
  const missing = names.filter((n) => !set.includes(n));
  if (missing.length > 0) throw new Error(`Set ${missing.join(' and ')} too: a project needs all three.`);
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY!.trim();
  const apiUrl = env.SUPABASE_URL!.trim().replace(/\/+$/, '');
  say(`the project at ${apiUrl}`);
  return { apiUrl, serviceKey, dbUrl: env.SUPABASE_DB_URL!.trim(), local: isLocalKey(serviceKey) };
}
