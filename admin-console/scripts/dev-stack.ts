// Development helper: a local stack on free ports in .data/admin-console/stack plus the
// console's Vite dev server on a free port pointed at it. Prints the URLs; Ctrl-C stops both.
// Usage: npx tsx admin-console/scripts/dev-stack.ts [--reset]
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStack, freePort } from '@union/local-stack';

const root = resolve(import.meta.dirname, '../..');
const dataDir = join(root, '.data/admin-console/stack');
mkdirSync(dataDir, { recursive: true });
const stack = await startStack({ dataDir, ports: 'free', reset: process.argv.includes('--reset') });
const port = await freePort();
const vite = spawn('npx', ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  cwd: join(root, 'admin-console'),
  env: { ...process.env, VITE_SUPABASE_URL: stack.apiUrl, VITE_SUPABASE_ANON_KEY: stack.anonKey },
  stdio: 'inherit',
});
const info = {
  ADMIN_URL: `http://127.0.0.1:${port}/admin/`,
  SUPABASE_URL: stack.apiUrl,
  SUPABASE_DB_URL: stack.dbUrl,
  MAIL_URL: stack.mailUrl,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  SUPABASE_ANON_KEY: stack.anonKey,
};
writeFileSync(join(root, '.data/admin-console/dev.json'), JSON.stringify(info, null, 2));
console.log(info);
const stop = async () => {
  vite.kill();
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
