// Reading GoTrue request bodies and parameters: JSON whatever the Content-Type says, typed fields
// refused as Go's decoder refuses them, emails, metadata merges, Go durations; and the random
// tokens GoTrue hands out.
import crypto from 'node:crypto';
import { badRequest, validationFailed } from './errors.js';

export type Json = Record<string, unknown>;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const hasControlChars = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(body: Json, name: string, type: 'string' | 'boolean' | 'object'): unknown {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  const ok = type === 'object' ? isRecord(v) : typeof v === type;
  if (!ok)
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go struct field .${name} of type ${type}`,
    );
  return v;
}
export const str = (b: Json, n: string) => field(b, n, 'string') as string | undefined;
export const bool = (b: Json, n: string) => field(b, n, 'boolean') as boolean | undefined;
export const obj = (b: Json, n: string) => field(b, n, 'object') as Json | undefined;

/** Like GoTrue: the body is parsed as JSON whatever the Content-Type says. */
export function parseJson(buf: Buffer): Json {
  let v: unknown;
  try {
    v = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (v === null) return {};
  if (!isRecord(v))
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go value of type object`,
    );
  return v;
}

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 255 || !EMAIL_RE.test(e)) throw validationFailed('Unable to validate email address: invalid format');
  return e;
}

/** Merges metadata like GoTrue's UpdateUserMetaData: null deletes a key. */
export function mergeMeta(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Go duration ("24h", "1h30m", "none") → milliseconds; null for "none". */
export function parseBanDuration(s: string): number | null {
  if (s === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000 };
  let total = 0;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(s)) !== null) {
    total += parseFloat(m[1]!) * unit[m[2]!]!;
    consumed = re.lastIndex;
  }
  if (s.length === 0 || consumed !== s.length)
    throw badRequest('validation_failed', 'invalid format for ban duration: time: invalid duration "' + s + '"');
  return total;
}

/** GoTrue's SecureAlphanumeric (refresh tokens). */
export function randomAlphanumeric(n: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(n * 2);
  let out = '';
  for (let i = 0; out.length < n && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += chars[b % 62];
  }
  while (out.length < n) out += chars[crypto.randomInt(62)];
  return out;
}

/** GoTrue's GenerateOtp: `digits` random decimal digits ([auth.email] otp_length, 6 to 10). */
export function randomOtp(digits = 6): string {
  return String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** GoTrue's GenerateTokenHash: sha224 hex of email+otp. */
export function tokenHash(email: string, otp: string): string {
  return crypto
    .createHash('sha224')
    .update(email + otp)
    .digest('hex');
}
