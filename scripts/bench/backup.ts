// Bench section "backup": `npm run backup` of the seeded stack and `npm run restore` of its archive
// into a fresh, empty stack (docs/operations.md, "Backups"): both times and the archive's size.
// Two stacks on free ports in the bench's scratch folder; the backup code runs in this process,
// as the commands run it (without tsx's start-up, about a second).
import fs from 'node:fs';
import path from 'node:path';
import { startStack, type Stack } from '@union/local-stack';
import {
  backup,
  DEMO_IDENTITY,
  DEMO_RECIPIENT,
  DEMO_SIGNING_KEY,
  DEMO_VERIFY_KEY,
  restore,
  type Target,
} from '../lib/backup/index.js';
import { signingKey, verifyKey } from '../lib/backup/signing.js';
import type { BenchRow, BenchSection } from '../lib/bench.js';

const target = (s: Stack): Target => ({
  name: 'local',
  apiUrl: s.apiUrl,
  serviceKey: s.serviceRoleKey,
  dbUrl: s.dbUrl,
  local: true,
});

export const section: BenchSection = {
  name: 'backup',
  async run(ctx) {
    const dir = path.join(ctx.workDir, 'backup');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const stacks: Stack[] = [];
    try {
      ctx.log('starting the seeded stack and an empty one');
      const [source, empty] = await Promise.all([
        startStack({ dataDir: path.join(dir, 'source'), ports: 'free', reset: true }),
        startStack({ dataDir: path.join(dir, 'target'), ports: 'free', reset: true, seed: false }),
      ]);
      stacks.push(source, empty);
      const file = path.join(dir, 'seeded.age');

      let t0 = performance.now();
      const manifest = await backup({
        target: target(source),
        recipient: DEMO_RECIPIENT,
        signWith: signingKey(DEMO_SIGNING_KEY),
        file,
      });
      const backupSeconds = (performance.now() - t0) / 1000;
      const size = fs.statSync(file).size;
      ctx.log(`${manifest.counts.rows} rows, ${manifest.counts.objects} files, ${(size / 1e6).toFixed(2)} MB`);

      t0 = performance.now();
      await restore({
        target: target(empty),
        identity: DEMO_IDENTITY,
        verifyWith: verifyKey(DEMO_VERIFY_KEY),
        file,
        replace: false,
      });
      const restoreSeconds = (performance.now() - t0) / 1000;

      const rows: BenchRow[] = [
        {
          metric: 'backup of the seeded stack',
          value: Number(backupSeconds.toFixed(2)),
          unit: 's',
          budget: { max: 30 },
        },
        {
          metric: 'restore into an empty stack',
          value: Number(restoreSeconds.toFixed(2)),
          unit: 's',
          budget: { max: 30 },
        },
        {
          metric: 'archive size',
          value: Number((size / 1e6).toFixed(2)),
          unit: 'MB',
          note: `${manifest.counts.rows} rows, ${manifest.counts.objects} files`,
        },
      ];
      return rows;
    } finally {
      for (const s of stacks) await s.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
