// Which age key a backup is encrypted to and which one opens it (docs/operations.md, "Backups").
// The archive holds personal data, so it is always encrypted; the private key that opens it lives
// with the union's key holders (a password manager, the CI secret), never in the repository or
// the database. The one exception is the local stack's demo key pair below, published on purpose
// so that `npm run backup` and `npm run restore` need no set-up there: an archive made with it
// protects nothing, so it is refused for any project that is not the local stack.

/** Demo recipient (public key) of the local stack. */
export const DEMO_RECIPIENT = 'age1gp4szsurfhqs59v4437v0tr56235u94c9n667v00gln5hervmcfq3cvwn8';
/** Demo identity (private key) of the local stack: public knowledge, like the stack's demo JWT keys. */
export const DEMO_IDENTITY = 'AGE-SECRET-KEY-1ST429MUAEGW6QU3A8AWJY2JXXWEK7HHT4WXY3YR0QM9WJEZF4C4SZEWLEM';

export interface KeyEnv {
  /** BACKUP_RECIPIENT: the age public key (age1…) backups are encrypted to. */
  BACKUP_RECIPIENT?: string;
  /** BACKUP_IDENTITY: the age private key (AGE-SECRET-KEY-1…) that opens them. */
  BACKUP_IDENTITY?: string;
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
