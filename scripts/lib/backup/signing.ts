// Archives are signed as the union's (docs/operations.md, "Backups"): age encrypts to a public
// key, so anyone holding that key could make an archive that opens and whose checksums match.
// An Ed25519 signature over the manifest (which holds every entry's SHA-256) proves the archive
// was made by a holder of the union's signing key; the restore checks it before writing anything.
// Keys are written as short prefixed strings so they fit an environment variable or a secret.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

const SECRET_PREFIX = 'UNION-BACKUP-SIGNING-KEY-';
const PUBLIC_PREFIX = 'union-backup-verify-';
// DER headers of an Ed25519 PKCS#8 private key and SPKI public key (RFC 8410), before the 32 key bytes.
const PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI = Buffer.from('302a300506032b6570032100', 'hex');

/** Demo signing pair of the local stack, published on purpose like its demo age pair (keys.ts). */
export const DEMO_SIGNING_KEY = `${SECRET_PREFIX}9PVWm_57hGX3D9JiZ5birtHTHiMxnZ4nHDkt-p6AcT0`;
export const DEMO_VERIFY_KEY = `${PUBLIC_PREFIX}T3-K7ElStNEW_LGBHeqZn0HMwgeJcHfkhdVFpEhWRl4`;

function keyBytes(value: string, prefix: string, name: string): Buffer {
  const v = value.trim();
  const bytes = v.startsWith(prefix) ? Buffer.from(v.slice(prefix.length), 'base64url') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new Error(`${name} is not a key of the form ${prefix}…`);
  return bytes;
}

export const signingKey = (value: string, name = 'BACKUP_SIGNING_KEY'): KeyObject =>
  createPrivateKey({ key: Buffer.concat([PKCS8, keyBytes(value, SECRET_PREFIX, name)]), format: 'der', type: 'pkcs8' });

export const verifyKey = (value: string, name = 'BACKUP_VERIFY_KEY'): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI, keyBytes(value, PUBLIC_PREFIX, name)]), format: 'der', type: 'spki' });

/** The signature of `manifest` (its exact bytes in the archive), base64. */
export const signManifest = (manifest: Buffer, key: KeyObject): string => sign(null, manifest, key).toString('base64');

export const verifyManifest = (manifest: Buffer, signature: string, key: KeyObject): boolean =>
  verify(null, manifest, key, Buffer.from(signature, 'base64'));

/** A new pair, as `npm run backup -- --new-keys` prints it. */
export function newSigningPair(): { secret: string; public: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const d = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8.length);
  const p = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI.length);
  return { secret: SECRET_PREFIX + d.toString('base64url'), public: PUBLIC_PREFIX + p.toString('base64url') };
}
