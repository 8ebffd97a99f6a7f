// Reads supabase/config.toml: the one source of truth for ports, auth settings and the storage
// limit, shared with the real Supabase CLI.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir } from './paths.js';

export interface ProjectConfig {
  projectId: string;
  api: { port: number; schemas: string[]; extraSearchPath: string[]; maxRows: number };
  db: { port: number };
  mail: { port: number; smtpPort: number };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    signupEnabled: boolean;
    passwordMinLength: number;
    passwordRequirements: string;
    /** [auth.rate_limit]: per client address per 5 minutes, GoTrue's keys and defaults. */
    rateLimit: { signInSignUps: number; tokenVerifications: number };
    /**
     * Mails per hour, all addresses together (GOTRUE_RATE_LIMIT_EMAIL_SENT): `supabase start`
     * passes [auth.rate_limit] email_sent only with [auth.email.smtp] enabled, else 360000.
     */
    emailSentPerHour: number;
    /** [auth.email] otp_length (6–10, else 6 as GoTrue), otp_expiry (seconds), max_frequency (seconds). */
    otpLength: number;
    otpExpiry: number;
    emailMaxFrequency: number;
    /** [auth.email.template.<type>]: subject and the file's content, read as the CLI reads them. */
    emailTemplates: Record<string, EmailTemplate>;
    /** [auth.email] secure_password_change, double_confirm_changes, enable_confirmations (CLI defaults). */
    securePasswordChange: boolean;
    doubleConfirmChanges: boolean;
    enableConfirmations: boolean;
  };
  storage: { fileSizeLimit: number };
  /** [functions.<name>] verify_jwt; default true as in Supabase. */
  functions: Record<string, { verifyJwt: boolean }>;
}

export interface EmailTemplate {
  /** A Go template, like the body (GoTrue parses both). */
  subject?: string;
  /** The text of content_path. */
  content?: string;
}

/**
 * [auth.email.template.<type>] as the CLI reads them: content_path is relative to the project
 * (the folder that holds supabase/) and must exist; `content` itself is refused.
 */
function readEmailTemplates(templates: Tbl, projectDir: string): Record<string, EmailTemplate> {
  const out: Record<string, EmailTemplate> = {};
  for (const [name, raw] of Object.entries(templates)) {
    const t = tbl(raw);
    if (t.content !== undefined) {
      throw new Error(`config.toml: auth.email.template.${name}.content: please use content_path instead`);
    }
    const entry: EmailTemplate = {};
    if (t.subject !== undefined) entry.subject = String(t.subject);
    if (t.content_path) {
      const file = path.resolve(projectDir, String(t.content_path));
      try {
        entry.content = fs.readFileSync(file, 'utf8');
      } catch (err) {
        throw new Error(`config.toml: auth.email.template.${name}.content_path: ${(err as Error).message}`);
      }
    }
    out[name] = entry;
  }
  return out;
}

/** "5MiB", "500KB", "1GB", 1024 → bytes (the CLI's units: KB=1000, KiB=1024). */
export function parseSize(v: unknown): number {
  if (typeof v === 'number') return v;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(String(v));
  if (!m) throw new Error(`config.toml: cannot read size ${JSON.stringify(v)}`);
  const n = Number(m[1]);
  const unit = (m[2] ?? 'B').toUpperCase();
  const mult: Record<string, number> = {
    B: 1,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    KIB: 1024,
    MIB: 1024 ** 2,
    GIB: 1024 ** 3,
  };
  return Math.round(n * mult[unit]!);
}

/**
 * A Go duration as config.toml writes one ("1s", "1m30s") → seconds. A bare number is refused:
 * the CLI would read it as nanoseconds.
 */
export function parseDurationSeconds(v: unknown, key: string): number {
  const s = typeof v === 'string' ? v.trim() : '';
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let read = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    total += parseFloat(m[1]!) * unit[m[2]!]!;
    read = re.lastIndex;
  }
  if (s === '' || read !== s.length) throw new Error(`config.toml: ${key}: cannot read duration ${JSON.stringify(v)}`);
  return total;
}

type Tbl = Record<string, unknown>;
const tbl = (v: unknown): Tbl => (v && typeof v === 'object' ? (v as Tbl) : {});

export function readProjectConfig(file = path.join(supabaseDir, 'config.toml')): ProjectConfig {
  const doc = parse(fs.readFileSync(file, 'utf8')) as Tbl;
  const api = tbl(doc.api);
  const db = tbl(doc.db);
  const smtp = tbl(doc.local_smtp ?? doc.inbucket);
  const auth = tbl(doc.auth);
  const email = tbl(auth.email);
  const rateLimit = tbl(auth.rate_limit);
  const smtpOwn = tbl(email.smtp);
  const otpLength = Number(email.otp_length ?? 6);
  const storage = tbl(doc.storage);
  const functions: ProjectConfig['functions'] = {};
  for (const [name, f] of Object.entries(tbl(doc.functions))) {
    functions[name] = { verifyJwt: tbl(f).verify_jwt !== false };
  }
  const mailPort = Number(smtp.port ?? 54324);
  return {
    projectId: String(doc.project_id ?? 'union'),
    api: {
      port: Number(api.port ?? 54321),
      schemas: (api.schemas as string[] | undefined) ?? ['public'],
      extraSearchPath: (api.extra_search_path as string[] | undefined) ?? ['public', 'extensions'],
      maxRows: Number(api.max_rows ?? 1000),
    },
    db: { port: Number(db.port ?? 54322) },
    mail: { port: mailPort, smtpPort: Number(smtp.smtp_port ?? mailPort + 1) },
    auth: {
      siteUrl: String(auth.site_url ?? 'http://127.0.0.1:3000'),
      additionalRedirectUrls: (auth.additional_redirect_urls as string[] | undefined) ?? [],
      jwtExpiry: Number(auth.jwt_expiry ?? 3600),
      signupEnabled: auth.enable_signup !== false && email.enable_signup !== false,
      passwordMinLength: Number(auth.minimum_password_length ?? 6),
      passwordRequirements: String(auth.password_requirements ?? ''),
      rateLimit: {
        signInSignUps: Number(rateLimit.sign_in_sign_ups ?? 30),
        tokenVerifications: Number(rateLimit.token_verifications ?? 30),
      },
      emailSentPerHour:
        email.smtp !== undefined && smtpOwn.enabled !== false ? Number(rateLimit.email_sent ?? 2) : 360000,
      otpLength: otpLength >= 6 && otpLength <= 10 ? otpLength : 6,
      otpExpiry: Number(email.otp_expiry ?? 3600),
      emailMaxFrequency: parseDurationSeconds(email.max_frequency ?? '1s', 'auth.email.max_frequency'),
      emailTemplates: readEmailTemplates(tbl(email.template), path.dirname(path.dirname(path.resolve(file)))),
      securePasswordChange: email.secure_password_change === true,
      doubleConfirmChanges: email.double_confirm_changes !== false,
      enableConfirmations: email.enable_confirmations === true,
    },
    storage: { fileSizeLimit: parseSize(storage.file_size_limit ?? '50MiB') },
    functions,
  };
}
