// Which age key a backup is encrypted to and which one opens it (docs/operations.md, "Backups").
// The archive holds personal data, so it is always encrypted; the private key that opens it lives
// with the union's key holders (a password manager, the CI secret), never in the repository or
// the database. The one exception is the local stack's demo key pair below, published on purpose
// so that `npm run backup` and `npm run restore` need no set-up there: an archive made with it
// protects nothing, so it is refused for any project that is not the local stack. The same holds
// for the signing pair (signing.ts) that proves an archive is the union's.
import { DEMO_SIGNING_KEY, DEMO_VERIFY_KEY, signingKey, verifyKey } from './signing.js';
import type { KeyObject } from 'node:crypto';

/** Demo recipient (public key) of the local stack. */
export const DEMO_RECIPIENT = 'age1gp4szsurfhqs59v4437v0tr56235u94c9n667v00gln5hervmcfq3cvwn8';
/** Demo identity (private key) of the local stack: public knowledge, like the stack's demo JWT keys. */
export const DEMO_IDENTITY = 'AGE-SECRET-KEY-1ST429MUAEGW6QU3A8AWJY2JXXWEK7HHT4WXY3YR0QM9WJEZF4C4SZEWLEM';

export interface KeyEnv {
  /** BACKUP_RECIPIENT: the age public key (age1…) backups are encrypted to. */
  BACKUP_RECIPIENT?: string;
  /** BACKUP_IDENTITY: the age private key (AGE-SECRET-KEY-1…) that opens them. */
  BACKUP_IDENTITY?: string;
  /** BACKUP_SIGNING_KEY: the union's Ed25519 key (UNION-BACKUP-SIGNING-KEY-…) a backup is signed with. */
  BACKUP_SIGNING_KEY?: string;
  /** BACKUP_VERIFY_KEY: its public half (union-backup-verify-…), checked by a restore. */
  BACKUP_VERIFY_KEY?: string;
}

/** The recipient for a backup of `target`; the demo key only for the local stack, and said so. */
export function recipientFor(local: boolean, env: KeyEnv, say: (line: string) => void): string {
  const given = env.BACKUP_RECIPIENT?.trim();
  if (given) {
    if (!given.startsWith('age1')) throw new Error('BACKUP_RECIPIENT is not an age public key (age1…).');
    if (given === DEMO_RECIPIENT && !local)
      throw new Error('BACKUP_RECIPIENT is the published demo key: a hosted project needs the union’s own key.');
    return given;
  }
  if (!local) throw new Error('Set BACKUP_RECIPIENT to the union’s age public key (docs/operations.md, "Backups").');
  say('encrypting to the local stack’s demo key (BACKUP_RECIPIENT not set)');
  return DEMO_RECIPIENT;
}

/** The identity that opens an archive restored into `target`. */
export function identityFor(local: boolean, env: KeyEnv, say: (line: string) => void): string {
  const given = env.BACKUP_IDENTITY?.trim();
  if (given) {
    if (!given.startsWith('AGE-SECRET-KEY-')) throw new Error('BACKUP_IDENTITY is not an age private key.');
    return given;
  }
  if (!local) throw new Error('Set BACKUP_IDENTITY to the union’s age private key (docs/operations.md, "Backups").');
  say('opening with the local stack’s demo key (BACKUP_IDENTITY not set)');
  return DEMO_IDENTITY;
}

/** The key a backup of `target` is signed with; the demo key only for the local stack. */
export function signingKeyFor(local: boolean, env: KeyEnv, say: (line: string) => void): KeyObject {
  const given = env.BACKUP_SIGNING_KEY?.trim();
  if (given) {
    if (given === DEMO_SIGNING_KEY && !local)
      throw new Error('BACKUP_SIGNING_KEY is the published demo key: a hosted project needs the union’s own key.');
    return signingKey(given);
  }
  if (!local) throw new Error('Set BACKUP_SIGNING_KEY to the union’s signing key (docs/operations.md, "Backups").');
  say('signing with the local stack’s demo key (BACKUP_SIGNING_KEY not set)');
  return signingKey(DEMO_SIGNING_KEY);
}

/** The key a restore into `target` checks the archive's signature with. */
export function verifyKeyFor(local: boolean, env: KeyEnv, say: (line: string) => void): KeyObject {
  const given = env.BACKUP_VERIFY_KEY?.trim();
  if (given) {
    if (given === DEMO_VERIFY_KEY && !local)
      throw new Error('BACKUP_VERIFY_KEY is the published demo key: anyone can sign with it.');
    return verifyKey(given);
  }
  if (!local) throw new Error('Set BACKUP_VERIFY_KEY to the union’s verify key (docs/operations.md, "Backups").');
  say('checking the signature with the local stack’s demo key (BACKUP_VERIFY_KEY not set)');
  return verifyKey(DEMO_VERIFY_KEY);
}
