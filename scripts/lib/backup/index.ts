// backup() and restore(): what `npm run backup` and `npm run restore` do (scripts/backup.ts,
// scripts/restore.ts), also called by the restore drill (supabase/tests/backup.test.ts) and the
// bench. docs/operations.md, "Backups", is the user's side of this.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createArchive, FORMAT, openArchive, type Manifest } from './archive.js';
import {
  connect,
  dumpRows,
  HISTORY_TABLE,
  listSequences,
  listTables,
  loadTables,
  migrationVersions,
  nonEmptyParts,
  summarize,
  type RestoreTable,
} from './database.js';
import { download, listObjects, removeAll, restoreOwnership, storageClient, upload } from './storage.js';
import type { Target } from './target.js';

export { resolveTarget, type Target } from './target.js';
export { recipientFor, identityFor, DEMO_IDENTITY, DEMO_RECIPIENT } from './keys.js';
export type { Manifest } from './archive.js';

type Say = (line: string) => void;

export async function backup(opts: { target: Target; recipient: string; file: string; say?: Say }): Promise<Manifest> {
  const say = opts.say ?? (() => {});
  const db = await connect(opts.target.dbUrl);
  const archive = await createArchive(opts.file, opts.recipient);
  try {
    // One snapshot for every table and the list of files: the archive is one moment of the site,
    // even while visitors submit and the mail jobs run.
    await db.query('begin isolation level repeatable read read only');
    const versions = await migrationVersions(db);
    if (versions.length === 0) throw new Error('The database has no migrations applied: nothing to back up.');
    const tables: Manifest['tables'] = [];
    for (const [i, info] of (await listTables(db)).entries()) {
      const summary = await summarize(db, info);
      const file = `db/${i}.json`;
      const digest = await archive.add(file, Buffer.from(await dumpRows(db, info)));
      tables.push({ ...summary, file, sha256: digest, restore: info.name !== HISTORY_TABLE });
    }
    const sequences = await listSequences(
      db,
      tables.filter((t) => t.restore),
    );
    const listed = await listObjects(db);
    await db.query('commit');
    say(`database: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows`);

    const storage = storageClient(opts.target);
    const objects: Manifest['objects'] = [];
    for (const [i, o] of listed.entries()) {
      const bytes = await download(storage, o);
      const file = `storage/${i}`;
      objects.push({ ...o, file, size: bytes.length, sha256: await archive.add(file, bytes) });
    }
    say(`storage: ${objects.length} files`);

    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      source: opts.target.apiUrl,
      migrations: { latest: versions.at(-1) ?? null, versions },
      tables,
      sequences,
      objects,
      counts: {
        tables: tables.length,
        rows: tables.reduce((n, t) => n + t.rows, 0),
        objects: objects.length,
        objectBytes: objects.reduce((n, o) => n + o.size, 0),
      },
    };
    await archive.finish(manifest);
    return manifest;
  } catch (e) {
    archive.abort();
    throw e;
  } finally {
    await db.end();
  }
}

export async function restore(opts: {
  target: Target;
  identity: string;
  file: string;
  replace: boolean;
  say?: Say;
}): Promise<Manifest> {
  const say = opts.say ?? (() => {});
  if (!fs.existsSync(opts.file)) throw new Error(`${opts.file} does not exist.`);
  // The decrypted entries wait in a private folder until the archive is known to be whole.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-restore-'));
  const db = await connect(opts.target.dbUrl);
  try {
    const manifest = await openArchive(opts.file, opts.identity, dir);
    say(
      `archive of ${manifest.source}, made ${manifest.createdAt}: ${manifest.counts.rows} rows, ${manifest.counts.objects} files, checksums verified`,
    );

    const versions = await migrationVersions(db);
    if (versions.join() !== manifest.migrations.versions.join()) {
      throw new Error(
        `The target's migrations (latest ${versions.at(-1) ?? 'none'}) are not the archive's (latest ${manifest.migrations.latest}): ` +
          'deploy the version of the project the archive was made with (same supabase/migrations), restore, then deploy the newer one.',
      );
    }
    const existing = await listObjects(db);
    const used = await nonEmptyParts(db, await listTables(db));
    if (used.length > 0 && !opts.replace) {
      throw new Error(
        `The target is not empty (${used.join(', ')}). Restore into a fresh project, or add --replace to replace its data with the archive's.`,
      );
    }

    // Files first, tables last: every upload and delete through the Storage API is written to the
    // audit log by a trigger, and loading the tables afterwards replaces the audit log with the
    // archive's own, so the restored history holds no entries made by the restore itself.
    const storage = storageClient(opts.target);
    if (existing.length > 0) {
      await removeAll(storage, existing);
      say(`storage: the target's ${existing.length} files deleted`);
    }
    for (const o of manifest.objects) await upload(storage, o, fs.readFileSync(path.join(dir, o.file)));
    await restoreOwnership(db, manifest.objects);
    say(`storage: ${manifest.objects.length} files uploaded`);

    const tables: RestoreTable[] = manifest.tables
      .filter((t) => t.restore)
      .map((t) => ({ ...t, data: fs.readFileSync(path.join(dir, t.file), 'utf8') }));
    await loadTables(db, tables, manifest.sequences);
    say(`database: ${tables.length} tables loaded and verified`);
    return manifest;
  } finally {
    await db.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
