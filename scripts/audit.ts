// `npx tsx scripts/audit.ts`: the supply-chain check of CI (.ci/run). Exit 0: no high or critical
// advisory in the runtime dependencies; 1: there is one (listed); 2: the audit service could not
// be asked (offline, or a registry mirror without the audit endpoint), said loudly.
// The whole tree is audited; which advisories are in development tools only is decided from the
// lock file (lib/audit.ts), so they are listed without failing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { auditVerdict, type LockFile } from './lib/audit.js';

const root = resolve(import.meta.dirname, '..');
const result = spawnSync('npm', ['audit', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as LockFile;
const verdict = auditVerdict(result.stdout ?? '', lock);
const mark = { ok: 'ok  ', failed: 'FAIL', unavailable: 'WARN' }[verdict.status];
for (const line of verdict.lines) console.log(`${mark} audit: ${line}`);
process.exit({ ok: 0, failed: 1, unavailable: 2 }[verdict.status]);
