import * as ed from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import { UNION_TIME_ZONE } from './format.ts';
import {
  base32Decode,
  base32Encode,
  CARD_TIME_ZONE,
  cardSigningKey,
  cardVerifyKey,
  encodeSigningKey,
  encodeVerifyKey,
  newCardKeyPair,
  signCard,
  unionDate,
  verifyCard,
  verifyKeyOf,
  type CardFields,
} from './memberCard.ts';

// RFC 8032 §7.1, test 1: a published key, so the vector below can be checked by anyone.
const SECRET = ed.etc.hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const PUBLIC = ed.etc.hexToBytes('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
const FIELDS: CardFields = { memberNumber: 1042, academicYear: 2026, validUntil: '2027-09-30' };
const VECTOR =
  'PSU1.1042.2026.2027-09-30.75MOTKXWM7DU4JDDIIFKM3RDL4PFNZ6VJ7PH7IJNDKXAJ4EZ2LP2NCITTNMH5GAUU7WDJNP76LEXNYHHUCMZE3MNCPKXKNL4BTYB6CQ';
const DURING = new Date('2027-03-01T12:00:00Z');

describe('the card format', () => {
  it('is fixed: this key and these fields give this text (a change of format must fail here)', async () => {
    expect(await signCard(FIELDS, SECRET)).toBe(VECTOR);
  });

  it('signs with RFC 8032 Ed25519 (the standard’s own test 1)', async () => {
    expect(ed.etc.bytesToHex(await ed.getPublicKeyAsync(SECRET))).toBe(ed.etc.bytesToHex(PUBLIC));
    expect(ed.etc.bytesToHex(await ed.signAsync(new Uint8Array(), SECRET))).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
  });

  it('uses only QR alphanumeric characters', () => {
    expect(VECTOR).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
  });

  it('writes base32 as RFC 4648 does (without padding) and refuses set spare bits', () => {
    const vectors = ['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI'];
    vectors.forEach((encoded, n) => {
      const bytes = new TextEncoder().encode('foobar'.slice(0, n));
      expect(base32Encode(bytes)).toBe(encoded);
      expect(base32Decode(encoded)).toEqual(bytes);
    });
    expect(base32Decode('MZ')).toBeNull();
    expect(base32Decode('MZXw6')).toBeNull();
    expect(base32Decode('M')).toBeNull();
  });

  it('refuses to sign fields outside the grammar', async () => {
    for (const bad of [
      { ...FIELDS, memberNumber: 0 },
      { ...FIELDS, memberNumber: 1.5 },
      { ...FIELDS, memberNumber: 1e12 },
      { ...FIELDS, academicYear: 1999 },
      { ...FIELDS, validUntil: '2027-02-30' },
      { ...FIELDS, validUntil: '2027-9-30' },
    ])
      await expect(signCard(bad, SECRET)).rejects.toThrow(/not the fields of a card/);
  });
});

describe('verifying a card', () => {
  it('reads back what was signed', async () => {
    const text = await signCard(
      { memberNumber: 999_999_999_999, academicYear: 2026, validUntil: '2027-09-30' },
      SECRET,
    );
    expect(await verifyCard(text, PUBLIC, DURING)).toEqual({
      ok: true,
      card: { memberNumber: 999_999_999_999, academicYear: 2026, validUntil: '2027-09-30' },
    });
    expect(await verifyCard(` ${VECTOR}\n`, PUBLIC, DURING)).toEqual({ ok: true, card: FIELDS });
  });

  it('refuses a changed member number or year as a bad signature', async () => {
    expect(await verifyCard(VECTOR.replace('PSU1.1042.', 'PSU1.1043.'), PUBLIC, DURING)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verifyCard(VECTOR.replace('.2026.', '.2027.'), PUBLIC, DURING)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verifyCard(VECTOR.replace('2027-09-30', '2028-09-30'), PUBLIC, DURING)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a card signed by another key', async () => {
    const other = ed.utils.randomSecretKey();
    const forged = await signCard(FIELDS, other);
    expect(forged).not.toBe(VECTOR);
    expect(await verifyCard(forged, PUBLIC, DURING)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verifyCard(VECTOR, await ed.getPublicKeyAsync(other), DURING)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses every truncation, and text that is no card, as malformed', async () => {
    for (let n = 0; n < VECTOR.length; n++)
      expect(await verifyCard(VECTOR.slice(0, n), PUBLIC, DURING), `first ${n}`).toEqual({
        ok: false,
        reason: 'malformed',
      });
    for (const text of [
      VECTOR.toLowerCase(),
      `${VECTOR}A`,
      VECTOR.replace('.1042.', '.01042.'),
      VECTOR.replace('2027-09-30', '2027-02-30'),
      // The last character's spare bits set: the same signature written another way.
      VECTOR.replace(/Q$/, 'R'),
      'https://example.org/',
    ])
      expect(await verifyCard(text, PUBLIC, DURING), text).toEqual({ ok: false, reason: 'malformed' });
  });

  it('tells another version from no card at all', async () => {
    expect(await verifyCard(VECTOR.replace('PSU1.', 'PSU2.'), PUBLIC, DURING)).toEqual({
      ok: false,
      reason: 'unknown_version',
    });
    expect(await verifyCard('PSU10.1042', PUBLIC, DURING)).toEqual({ ok: false, reason: 'unknown_version' });
  });

  it('is valid through its last day in Istanbul and expired from the next midnight there', async () => {
    // 20:59:59 UTC is 23:59:59 in Istanbul (UTC+3): still 30 September.
    expect(await verifyCard(VECTOR, PUBLIC, new Date('2027-09-30T20:59:59Z'))).toEqual({ ok: true, card: FIELDS });
    // 21:00 UTC, still 30 September in UTC, is 1 October in Istanbul.
    expect(await verifyCard(VECTOR, PUBLIC, new Date('2027-09-30T21:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(unionDate(new Date('2027-09-30T21:00:00Z'))).toBe('2027-10-01');
    expect(unionDate(new Date('2027-01-05T00:00:00Z'))).toBe('2027-01-05');
    expect(CARD_TIME_ZONE).toBe(UNION_TIME_ZONE);
  });

  it('refuses a member on the door’s revocation list, and only that member', async () => {
    expect(await verifyCard(VECTOR, PUBLIC, DURING, new Set([7, 1042]))).toEqual({ ok: false, reason: 'revoked' });
    expect(await verifyCard(VECTOR, PUBLIC, DURING, new Set([7, 10420]))).toEqual({ ok: true, card: FIELDS });
  });
});

describe('the keys', () => {
  it('are written as prefixed base64url and read back', async () => {
    expect(encodeSigningKey(SECRET)).toBe('UNION-CARD-SIGNING-KEY-nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A');
    expect(encodeVerifyKey(PUBLIC)).toBe('union-card-verify-11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo');
    expect(cardSigningKey(encodeSigningKey(SECRET))).toEqual(SECRET);
    expect(cardVerifyKey(` ${encodeVerifyKey(PUBLIC)}\n`)).toEqual(PUBLIC);
    expect(await verifyKeyOf(SECRET)).toBe(encodeVerifyKey(PUBLIC));
  });

  it('a new pair signs what its public half verifies', async () => {
    const pair = await newCardKeyPair();
    const text = await signCard(FIELDS, cardSigningKey(pair.secret));
    expect(await verifyCard(text, cardVerifyKey(pair.public), DURING)).toEqual({ ok: true, card: FIELDS });
  });

  it('refuses a secret key where the public one belongs, short keys and non-points', () => {
    expect(() => cardVerifyKey(encodeSigningKey(SECRET))).toThrow(/VITE_CARD_VERIFY_KEY is not a key/);
    expect(() => cardSigningKey(encodeVerifyKey(PUBLIC))).toThrow(/CARD_SIGNING_KEY is not a key/);
    expect(() => cardVerifyKey(encodeVerifyKey(PUBLIC.slice(1)))).toThrow(/is not a key/);
    expect(() => cardVerifyKey(`${encodeVerifyKey(PUBLIC)}=`)).toThrow(/is not a key/);
    expect(() => cardVerifyKey(encodeVerifyKey(new Uint8Array(32).fill(255)))).toThrow(/not an Ed25519 public key/);
  });
});
