/**
 * The member card's QR code: a text the door staff's phone verifies offline with the union's
 * public key (docs/membership.md). Ed25519 by @noble/ed25519, whose async API hashes with the
 * runtime's own WebCrypto SHA-512, so the browser, Deno and Node run the same code.
 *
 * Grammar of version 1 (every character is in the QR alphanumeric set, 0-9 A-Z and `.` `-`, so
 * the whole code is one alphanumeric segment of 5.5 bits a character; a base64url signature
 * would need byte mode at 8 bits and one QR version more):
 *
 *   card        = "PSU1." member "." year "." valid-until "." signature
 *   member      = %x31-39 0*11DIGIT        ; the member number, 1 to 12 digits, no leading zero
 *   year        = "20" 2DIGIT              ; the academic year by its first calendar year (2026 = 2026/27)
 *   valid-until = 4DIGIT "-" 2DIGIT "-" 2DIGIT ; a real calendar date, the card's last valid day
 *   signature   = 103base32char            ; RFC 4648 base32 (A-Z 2-7), unpadded, of the 64 bytes;
 *                                          ; its 3 spare bits are zero, so one card has one text
 *
 * e.g. PSU1.1042.2026.2027-09-30.<103 characters>, 129 characters in all (a version 6 QR at M).
 *
 * What is signed: the ASCII bytes of SIGNED_PREFIX followed by `member.year.valid-until` as
 * written in the card. The prefix names the purpose and the version: a signature the same key
 * makes for anything else (or for another version of this format) never verifies as a card.
 * The grammar is strict, so each set of fields has exactly one text, and what the door shows is
 * exactly what was signed.
 *
 * Validity: a card is valid through the whole of its valid-until day in the union's time zone
 * (Europe/Istanbul): expired once the date in Istanbul at `now` is after it, whatever the phone's
 * own zone. The academic year is shown, not compared: the date alone decides.
 *
 * Keys are raw 32-byte Ed25519 keys in base64url behind a prefix (as the backup's signing keys,
 * docs/operations.md): one line of 43 characters fits a Supabase secret and a Vite variable as
 * they are, where PEM's line breaks do not survive every `.env` file or CI field, and the
 * prefix refuses a secret key pasted where the public one belongs (a Vite variable is published).
 */
import * as ed from '@noble/ed25519';

export const CARD_PREFIX = 'PSU1.';
/** Domain separation: prepended to the fields before signing (see the header). */
export const SIGNED_PREFIX = 'union-member-card/v1:';
export const SIGNING_KEY_PREFIX = 'UNION-CARD-SIGNING-KEY-';
export const VERIFY_KEY_PREFIX = 'union-card-verify-';
/**
 * format.ts's UNION_TIME_ZONE, held equal by the test: written here so this module imports no
 * other (the scripts' type check, which runs the bench, refuses format.ts's `.ts` import).
 */
export const CARD_TIME_ZONE = 'Europe/Istanbul';

export interface CardFields {
  memberNumber: number;
  /** The academic year by its first calendar year: 2026 for 2026/27. */
  academicYear: number;
  /** The card's last valid day, YYYY-MM-DD, in the union's time zone. */
  validUntil: string;
}

export type CardRefusal = 'malformed' | 'bad_signature' | 'expired' | 'revoked' | 'unknown_version';
export type CardCheck = { ok: true; card: CardFields } | { ok: false; reason: CardRefusal };

const CARD = /^PSU1\.([1-9]\d{0,11})\.(20\d{2})\.(\d{4}-\d{2}-\d{2})\.([A-Z2-7]{103})$/;
/** Another version's prefix: told apart from a text that is no card at all. */
const OTHER_VERSION = /^PSU[0-9A-Z]+\./;
const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;

// ---- encodings (not cryptography: the bytes are made and checked by @noble/ed25519) ----

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of unpadded base32, or null when a character is foreign or a spare bit is set. */
export function base32Decode(text: string): Uint8Array | null {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let i = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[i++] = (buffer >>> bits) & 255;
    }
    buffer &= (1 << bits) - 1;
  }
  // Spare bits must be zero, or two texts would carry one signature.
  return buffer === 0 && bits < 5 ? out : null;
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  // Spare bits set: another text of the same bytes, refused as base32's are.
  return base64url(bytes) === text ? bytes : null;
}

function keyBytes(value: string, prefix: string, name: string): Uint8Array {
  const v = value.trim();
  const bytes = v.startsWith(prefix) ? fromBase64url(v.slice(prefix.length)) : null;
  if (!bytes || bytes.length !== KEY_BYTES) throw new Error(`${name} is not a key of the form ${prefix}…`);
  return bytes;
}

/** The secret key's 32 bytes from `UNION-CARD-SIGNING-KEY-…` (the Edge Function secret). */
export const cardSigningKey = (value: string, name = 'CARD_SIGNING_KEY'): Uint8Array =>
  keyBytes(value, SIGNING_KEY_PREFIX, name);

/** The public key's 32 bytes from `union-card-verify-…` (the console's build variable). */
export function cardVerifyKey(value: string, name = 'VITE_CARD_VERIFY_KEY'): Uint8Array {
  const bytes = keyBytes(value, VERIFY_KEY_PREFIX, name);
  // 32 bytes that are no point of the curve would refuse every card as forged: said here instead.
  try {
    ed.Point.fromBytes(bytes);
  } catch {
    throw new Error(`${name} is not an Ed25519 public key`);
  }
  return bytes;
}

export const encodeSigningKey = (secret: Uint8Array): string => SIGNING_KEY_PREFIX + base64url(secret);
export const encodeVerifyKey = (publicKey: Uint8Array): string => VERIFY_KEY_PREFIX + base64url(publicKey);

/** A new pair, both halves encoded: the secret for CARD_SIGNING_KEY, the public for VITE_CARD_VERIFY_KEY. */
export async function newCardKeyPair(): Promise<{ secret: string; public: string }> {
  const secret = ed.utils.randomSecretKey();
  return { secret: encodeSigningKey(secret), public: encodeVerifyKey(await ed.getPublicKeyAsync(secret)) };
}

/** The public half of a secret key, encoded (to check a configured pair belongs together). */
export const verifyKeyOf = async (secret: Uint8Array): Promise<string> =>
  encodeVerifyKey(await ed.getPublicKeyAsync(secret));

// ---- cards ----

const isCalendarDate = (date: string): boolean => {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
};

const fieldsText = (f: CardFields): string => `${f.memberNumber}.${f.academicYear}.${f.validUntil}`;
const signedBytes = (fields: string): Uint8Array => new TextEncoder().encode(SIGNED_PREFIX + fields);

/** The card's text for the QR code. Throws on fields outside the grammar: every signed card parses. */
export async function signCard(fields: CardFields, secretKey: Uint8Array): Promise<string> {
  const body = fieldsText(fields);
  const parsed = CARD.exec(`${CARD_PREFIX}${body}.${'A'.repeat(103)}`);
  if (!parsed || !Number.isSafeInteger(fields.memberNumber) || !isCalendarDate(fields.validUntil))
    throw new Error(`not the fields of a card: ${JSON.stringify(fields)}`);
  const signature = await ed.signAsync(signedBytes(body), secretKey);
  return `${CARD_PREFIX}${body}.${base32Encode(signature)}`;
}

let istanbulDay: Intl.DateTimeFormat | undefined;
/** `now`'s date in the union's time zone, YYYY-MM-DD. */
export function unionDate(now: Date): string {
  istanbulDay ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CARD_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const part = (type: string) => istanbulDay!.formatToParts(now).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * What the door reads from a scanned text. Refusals in this order: a text that is no card of
 * ours (malformed) or of another version; a signature that is not the key's; a member in the
 * door's last synced revocation list; a card past its valid-until day in Istanbul.
 */
export async function verifyCard(
  text: string,
  publicKey: Uint8Array,
  now: Date,
  revoked: ReadonlySet<number> = new Set(),
): Promise<CardCheck> {
  const trimmed = text.trim();
  const match = CARD.exec(trimmed);
  if (!match) {
    const otherVersion = OTHER_VERSION.test(trimmed) && !trimmed.startsWith(CARD_PREFIX);
    return { ok: false, reason: otherVersion ? 'unknown_version' : 'malformed' };
  }
  const [, member, year, validUntil, signatureText] = match as unknown as [string, string, string, string, string];
  const signature = base32Decode(signatureText);
  if (!signature || signature.length !== SIGNATURE_BYTES || !isCalendarDate(validUntil))
    return { ok: false, reason: 'malformed' };
  const card: CardFields = { memberNumber: Number(member), academicYear: Number(year), validUntil };
  let valid = false;
  try {
    // RFC 8032's strict rules rather than ZIP-215's: no other encoding of a signature verifies.
    valid = await ed.verifyAsync(signature, signedBytes(fieldsText(card)), publicKey, { zip215: false });
  } catch {
    // A signature whose point is no point on the curve: not the union's either.
  }
  if (!valid) return { ok: false, reason: 'bad_signature' };
  if (revoked.has(card.memberNumber)) return { ok: false, reason: 'revoked' };
  if (unionDate(now) > validUntil) return { ok: false, reason: 'expired' };
  return { ok: true, card };
}
