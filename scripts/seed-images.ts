// `npm run seed:images -- --target=<local|supabase-start|hosted|name>`: uploads the demo images
// that supabase/seed.sql refers to (supabase/seed-images/upload.ts, the same step the local stack
// runs after its seed). For `supabase start` (Docker), whose seed has no such hook, and for a
// staging project that should look like the demo. The project is named as for backups:
// --target=local (the running local stack), --target=supabase-start (config.toml's API port and
// the CLI's well-known service key), --target=hosted or <name> (the deploy settings).
import path from 'node:path';
import { readProjectConfig, SERVICE_ROLE_KEY } from '@union/local-stack';
import uploadSeedImages, { seedObjects } from '../supabase/seed-images/upload.js';
import { resolveTarget, TARGET_USAGE, UsageError } from './lib/backup/target.js';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
try {
  const unknown = args.filter((a) => !/^--(target|data-dir)=/.test(a));
  if (unknown.length > 0)
    throw new UsageError(
      `Usage: npm run seed:images -- --target=<project>   (${TARGET_USAGE}, or --target=supabase-start)`,
    );
  const target = args.includes('--target=supabase-start')
    ? { apiUrl: `http://127.0.0.1:${readProjectConfig().api.port}`, serviceKey: SERVICE_ROLE_KEY }
    : resolveTarget(root, args);
  console.log(`  uploading ${seedObjects().length} demo images to ${target.apiUrl}`);
  await uploadSeedImages({ apiUrl: target.apiUrl, serviceRoleKey: target.serviceKey });
  console.log('  done');
} catch (e) {
  console.error(`\n  Upload failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
}
