// `npm run restore -- <file> [--replace]`: puts an archive of `npm run backup` into a project
// that has the same migrations deployed and no data of its own (docs/operations.md, "Restoring").
// --replace replaces a project's data with the archive's. The project and key as for the backup:
// SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL (or the local stack), and
// BACKUP_IDENTITY (the age private key; the demo key on the local stack).
import path from 'node:path';
import { identityFor, resolveTarget, restore } from './lib/backup/index.js';

const say = (line: string) => console.log(`  ${line}`);
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const files = args.filter((a) => !a.startsWith('-'));
const unknown = args.filter((a) => a.startsWith('-') && a !== '--replace');
if (files.length !== 1 || unknown.length > 0) {
  console.error('Usage: npm run restore -- <file> [--replace]');
  process.exit(2);
}
try {
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const target = resolveTarget(process.env, (l) => say(`restoring into ${l}`));
  const identity = identityFor(target.local, process.env, say);
  const started = Date.now();
  await restore({ target, identity, file, replace, say });
  console.log(`\n  Restored ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
} catch (e) {
  console.error(`\n  Restore failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
