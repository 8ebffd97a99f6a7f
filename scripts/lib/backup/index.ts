// backup() and restore(): what `npm run backup` and `npm run restore` do (scripts/backup.ts,
// scripts/restore.ts), also called by the restore drill (supabase/tests/backup.test.ts) and the
// bench. docs/operations.md, "Backups", is the user's side of this. A restore is all or nothing:
// the tables load in one transaction, and if the files fail afterwards the target's own rows and
// files, kept aside first, are put back.
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
  type TableInfo,
} from './database.js';
import type { KeyObject } from 'node:crypto';
import type { StorageClient } from '@supabase/storage-js';
import type pg from 'pg';
import {
  download,
  listObjects,
  removeAll,
  restoreOwnership,
  storageClient,
  upload,
  type StoredObject,
} from './storage.js';
import type { Target } from './target.js';

export { describeTarget, resolveTarget, TARGET_USAGE, targetOption, UsageError, type Target } from './target.js';
export { recipientFor, identityFor, signingKeyFor, verifyKeyFor, DEMO_IDENTITY, DEMO_RECIPIENT } from './keys.js';
export { DEMO_SIGNING_KEY, DEMO_VERIFY_KEY, newSigningPair } from './signing.js';
export type { Manifest } from './archive.js';

type Say = (line: string) => void;

export async function backup(opts: {
  target: Target;
  recipient: string;
  signWith: KeyObject;
  file: string;
  say?: Say;
}): Promise<Manifest> {
  const say = opts.say ?? (() => {});
  const db = await connect(opts.target);
  const archive = await createArchive(opts.file, opts.recipient, opts.signWith);
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

/** The audit log: Storage's triggers write the restore's own uploads into it, so it is loaded last. */
const AUDIT_TABLE = 'public.audit_log';

export async function restore(opts: {
  target: Target;
  identity: string;
  verifyWith: KeyObject;
  file: string;
  replace: boolean;
  /** Asked before a target with data is replaced (a hosted one: the ref typed); throws to stop. */
  confirm?: (used: string[]) => Promise<void>;
  say?: Say;
}): Promise<Manifest> {
  const say = opts.say ?? (() => {});
  if (!fs.existsSync(opts.file)) throw new Error(`${opts.file} does not exist.`);
  // The decrypted entries wait in a private folder until the archive is known to be whole.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-restore-'));
  const db = await connect(opts.target);
  try {
    const manifest = await openArchive(opts.file, opts.identity, path.join(dir, 'archive'), opts.verifyWith);
    say(
      `archive of ${manifest.source}, made ${manifest.createdAt}: ${manifest.counts.rows} rows, ${manifest.counts.objects} files, signature and checksums verified`,
    );

    const versions = await migrationVersions(db);
    if (versions.join() !== manifest.migrations.versions.join()) {
      throw new Error(
        `The target's migrations (latest ${versions.at(-1) ?? 'none'}) are not the archive's (latest ${manifest.migrations.latest}): ` +
          'deploy the version of the project the archive was made with (same supabase/migrations), restore, then deploy the newer one.',
      );
    }
    const present = await listTables(db);
    const used = await nonEmptyParts(db, present);
    if (used.length > 0 && !opts.replace) {
      throw new Error(
        `The target is not empty (${used.join(', ')}). Restore into a fresh project, or add --replace to replace its data with the archive's.`,
      );
    }
    if (used.length > 0) await opts.confirm?.(used);

    const tables: RestoreTable[] = manifest.tables
      .filter((t) => t.restore)
      .map((t) => ({ ...t, data: fs.readFileSync(path.join(dir, 'archive', t.file), 'utf8') }));
    const storage = storageClient(opts.target);
    // What the target holds now, so that a failure after the tables have committed puts it back.
    const before = await snapshot(db, storage, present, tables, path.join(dir, 'before'));
    say(
      `target: ${before.tables.length} tables and ${before.objects.length} files kept aside until the restore is done`,
    );

    // Tables first, in one transaction: if they fail, nothing of the target was changed.
    try {
      await loadTables(db, tables, manifest.sequences);
    } catch (e) {
      throw new Error(`${(e as Error).message} Nothing of the target was changed.`, { cause: e });
    }
    say(`database: ${tables.length} tables loaded and verified`);
    try {
      await replaceFiles(db, storage, manifest.objects, path.join(dir, 'archive'));
      say(`storage: ${manifest.objects.length} files in place`);
      await loadTables(
        db,
        tables.filter((t) => t.name === AUDIT_TABLE),
        manifest.sequences,
      );
    } catch (e) {
      say(`putting the target back as it was (${(e as Error).message})`);
      await replaceFiles(db, storage, before.objects, path.join(dir, 'before'));
      await loadTables(db, before.tables, before.sequences);
      throw new Error(`${(e as Error).message} The target was put back as it was before the restore.`, { cause: e });
    }
    return manifest;
  } finally {
    await db.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Snapshot = {
  tables: RestoreTable[];
  sequences: Awaited<ReturnType<typeof listSequences>>;
  objects: Manifest['objects'];
};

/** The target's rows of `like`'s tables (of those `listed` there) and its files, written under `dir`. */
async function snapshot(
  db: pg.Client,
  storage: StorageClient,
  listed: TableInfo[],
  like: RestoreTable[],
  dir: string,
): Promise<Snapshot> {
  const names = new Set(like.map((t) => t.name));
  const present = listed.filter((t) => names.has(t.name));
  await db.query('begin isolation level repeatable read read only');
  try {
    const tables: RestoreTable[] = [];
    for (const t of present) tables.push({ ...(await summarize(db, t)), data: await dumpRows(db, t) });
    const sequences = await listSequences(db, present);
    const listed = await listObjects(db);
    await db.query('commit');
    fs.mkdirSync(path.join(dir, 'storage'), { recursive: true, mode: 0o700 });
    const objects: Manifest['objects'] = [];
    for (const [i, o] of listed.entries()) {
      const bytes = await download(storage, o);
      const file = `storage/${i}`;
      fs.writeFileSync(path.join(dir, file), bytes, { mode: 0o600 });
      objects.push({ ...o, file, size: bytes.length, sha256: '' });
    }
    return { tables, sequences, objects };
  } catch (e) {
    await db.query('rollback').catch(() => {});
    throw e;
  }
}

/** Makes the target's files exactly `objects` (their bytes under `dir`), with their uploaders and dates. */
async function replaceFiles(
  db: pg.Client,
  storage: StorageClient,
  objects: (StoredObject & { file: string })[],
  dir: string,
) {
  const existing = await listObjects(db);
  if (existing.length > 0) await removeAll(storage, existing);
  for (const o of objects) await upload(storage, o, fs.readFileSync(path.join(dir, o.file)));
  await restoreOwnership(db, objects);
}
