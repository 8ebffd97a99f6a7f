// `npm run backup -- --target=<local|hosted|name> <file>`: one encrypted, signed archive of a
// project's database and Storage files (docs/operations.md, "Backups"). The project is always
// named (lib/backup/target.ts). The keys: BACKUP_RECIPIENT (age public key) and
// BACKUP_SIGNING_KEY, or the local stack's demo keys. `--new-keys` prints a new signing pair.
import fs from 'node:fs';
import path from 'node:path';
import {
  backup,
  describeTarget,
  newSigningPair,
  recipientFor,
  resolveTarget,
  signingKeyFor,
  TARGET_USAGE,
  UsageError,
} from './lib/backup/index.js';

const root = path.resolve(import.meta.dirname, '..');
const say = (line: string) => console.log(`  ${line}`);
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--new-keys') {
  const pair = newSigningPair();
  console.log(`BACKUP_SIGNING_KEY=${pair.secret}\nBACKUP_VERIFY_KEY=${pair.public}`);
  process.exit(0);
}
const files = args.filter((a) => !a.startsWith('-'));
const unknown = args.filter((a) => a.startsWith('-') && !/^--(target|data-dir)=/.test(a));
try {
  if (files.length !== 1 || unknown.length > 0)
    throw new UsageError(`Usage: npm run backup -- ${TARGET_USAGE.split(' (')[0]} <file>   (${TARGET_USAGE})`);
  const target = resolveTarget(root, args);
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  if (fs.existsSync(out)) throw new Error(`${out} exists already: choose another name.`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  say(`backing up ${describeTarget(target)} at ${target.apiUrl}`);
  const recipient = recipientFor(target.local, process.env, say);
  const signWith = signingKeyFor(target.local, process.env, say);
  const started = Date.now();
  const manifest = await backup({ target, recipient, signWith, file: out, say });
  const size = fs.statSync(out).size;
  console.log(
    `\n  ${out}: ${(size / 1e6).toFixed(1)} MB, ${manifest.counts.tables} tables (${manifest.counts.rows} rows), ` +
      `${manifest.counts.objects} files, migrations up to ${manifest.migrations.latest}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} catch (e) {
  console.error(`\n  Backup failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
}
