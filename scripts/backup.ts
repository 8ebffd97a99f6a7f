// `npm run backup -- <file>`: one encrypted archive of the project's database and Storage files
// (docs/operations.md, "Backups"). The project: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and
// SUPABASE_DB_URL, or the local stack when none is set. The key: BACKUP_RECIPIENT (an age public
// key), or the local stack's demo key.
import fs from 'node:fs';
import path from 'node:path';
import { backup, recipientFor, resolveTarget } from './lib/backup/index.js';

const say = (line: string) => console.log(`  ${line}`);
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('-'));
if (!file || args.length !== 1) {
  console.error('Usage: npm run backup -- <file>   (for example backups/union-2026-11-25.age)');
  process.exit(2);
}
try {
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (fs.existsSync(out)) throw new Error(`${out} exists already: choose another name.`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const target = resolveTarget(process.env, (l) => say(`backing up ${l}`));
  const recipient = recipientFor(target.local, process.env, say);
  const started = Date.now();
  const manifest = await backup({ target, recipient, file: out, say });
  const size = fs.statSync(out).size;
  console.log(
    `\n  ${out}: ${(size / 1e6).toFixed(1)} MB, ${manifest.counts.tables} tables (${manifest.counts.rows} rows), ` +
      `${manifest.counts.objects} files, migrations up to ${manifest.migrations.latest}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} catch (e) {
  console.error(`\n  Backup failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
