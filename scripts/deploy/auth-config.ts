// The auth settings and mail templates of a release target. `supabase config push` sends what a
// config.toml declares; ours is the local one (site_url and redirect URLs on 127.0.0.1), so the
// release writes the target's own config.toml into a work folder: the [auth] section of ours
// (password policy, sign-ups off, rate limits, the recovery mail's subject and template) with the
// target's addresses and, for a hosted project, the union's SMTP server for the auth mails.
// Nothing else of ours (local ports, the local mail catcher) is sent.
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';

export interface AuthTarget {
  projectId: string;
  /** The public site's origin. */
  siteUrl: string;
  /** The console's address, ending in /admin/ (its password-reset links come back there). */
  adminAppUrl: string;
  /** The sender of the auth mails (hosted only: the local stack has its catcher). */
  smtp?: { host: string; port: string; user: string; pass: string; from: string };
}

/** "Name <address>" as [auth.email.smtp]'s sender_name and admin_email. */
export function splitSender(from: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.replace(/^"|"$/g, ''), address: match[2]! };
  return { name: '', address: from.trim() };
}

export function targetConfigToml(repoConfig: string, target: AuthTarget): string {
  const config = parse(repoConfig);
  const auth = structuredClone(config.auth as TomlTable | undefined);
  if (!auth) throw new Error('supabase/config.toml has no [auth] section');
  auth.site_url = target.siteUrl;
  auth.additional_redirect_urls = [`${target.siteUrl}/**`, `${target.adminAppUrl}**`];
  if (target.smtp) {
    const email = (auth.email ??= {}) as TomlTable;
    const sender = splitSender(target.smtp.from);
    email.smtp = {
      enabled: true,
      host: target.smtp.host,
      port: Number(target.smtp.port),
      user: target.smtp.user,
      pass: target.smtp.pass,
      admin_email: sender.address,
      sender_name: sender.name,
    };
  }
  return stringify({ project_id: target.projectId, auth });
}

/** Every local address in a config: none may reach a hosted project. */
export const localAddresses = (toml: string): string[] =>
  [...toml.matchAll(/[a-z]+:\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])[^"\s]*/gi)].map((m) => m[0]);

/**
 * Writes `<workDir>/supabase/config.toml` for the target and copies supabase/templates beside it
 * (config.toml's content_path is relative to the folder that holds supabase/). Returns workDir,
 * for `supabase config push --workdir`.
 */
export function writeTargetConfig(repoRoot: string, workDir: string, target: AuthTarget): string {
  const supabase = path.join(workDir, 'supabase');
  mkdirSync(supabase, { recursive: true });
  const file = path.join(supabase, 'config.toml');
  writeFileSync(file, targetConfigToml(readFileSync(path.join(repoRoot, 'supabase', 'config.toml'), 'utf8'), target));
  // It may hold the SMTP password.
  chmodSync(file, 0o600);
  cpSync(path.join(repoRoot, 'supabase', 'templates'), path.join(supabase, 'templates'), { recursive: true });
  return workDir;
}
