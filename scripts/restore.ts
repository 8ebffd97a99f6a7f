// `npm run restore -- --target=<local|hosted|name> <file> [--replace]`: puts an archive of
// `npm run backup` into a project that has the same migrations deployed and no data of its own
// (docs/operations.md, "Restoring"); --replace replaces its data with the archive's. The project
// is always named (lib/backup/target.ts); replacing a hosted project's data asks for its
// reference to be typed, or `--confirm=<ref>` where no one can type. The keys: BACKUP_IDENTITY
// (age private key) and BACKUP_VERIFY_KEY, or the local stack's demo keys.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import {
  describeTarget,
  identityFor,
  resolveTarget,
  restore,
  TARGET_USAGE,
  targetOption,
  UsageError,
  verifyKeyFor,
} from './lib/backup/index.js';

const root = path.resolve(import.meta.dirname, '..');
const say = (line: string) => console.log(`  ${line}`);
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const confirmed = args.find((a) => a.startsWith('--confirm='))?.slice('--confirm='.length);
const files = args.filter((a) => !a.startsWith('-'));
const unknown = args.filter((a) => a.startsWith('-') && !/^--(replace|target=.*|data-dir=.*|confirm=.*)$/.test(a));
try {
  if (files.length !== 1 || unknown.length > 0)
    throw new UsageError(
      `Usage: npm run restore -- ${TARGET_USAGE.split(' (')[0]} <file> [--replace]   (${TARGET_USAGE})`,
    );
  if (confirmed !== undefined && targetOption(args).name === 'local')
    throw new UsageError('--confirm is for a hosted project.');
  const target = resolveTarget(root, args);
  if (replace && target.ref) {
    // Checked before anything is opened: a wrong reference is the operator's mistake, said at once.
    if (confirmed !== undefined && confirmed !== target.ref)
      throw new UsageError(
        `--confirm=${confirmed} is not the project of ${describeTarget(target)}: nothing was changed.`,
      );
    if (confirmed === undefined && !process.stdin.isTTY)
      throw new UsageError(
        `Replacing the data of ${describeTarget(target)} needs its reference typed: run this in a terminal, ` +
          `or add --confirm=${target.ref} where no one can type.`,
      );
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  say(`restoring into ${describeTarget(target)} at ${target.apiUrl}`);
  const identity = identityFor(target.local, process.env, say);
  const verifyWith = verifyKeyFor(target.local, process.env, say);
  const started = Date.now();
  await restore({
    target,
    identity,
    verifyWith,
    file,
    replace,
    say,
    confirm:
      target.ref && confirmed === undefined
        ? async (used) => {
            console.log(`\n  ${describeTarget(target)} holds data that will be deleted:\n    ${used.join('\n    ')}`);
            const rl = createInterface({ input: process.stdin, output: process.stdout });
            const typed = (
              await rl.question(`\n  Type the project's reference (${target.ref}) to replace it: `)
            ).trim();
            rl.close();
            if (typed !== target.ref) throw new Error('The reference typed does not match: nothing was changed.');
          }
        : undefined,
  });
  console.log(`\n  Restored ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
} catch (e) {
  console.error(`\n  Restore failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
}
