// The archive: a tar stream (tar-stream) encrypted with age (age-encryption) to the union's
// public key, written and read as a stream so photos never sit in memory all at once and no
// plaintext copy is written by the backup. age authenticates every chunk, so a changed byte makes
// decryption fail; the manifest's SHA-256 of each entry is checked as well, and the manifest's
// signature by the union's key (signing.ts), before the restore touches the target.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { KeyObject } from 'node:crypto';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';
import type { SequenceValue, TableSummary } from './database.js';
import { signManifest, verifyManifest } from './signing.js';
import type { StoredObject } from './storage.js';

/** Version 2 adds the signature; version 1 archives were unsigned and are not restored. */
export const FORMAT = 'union-backup/2';
const MANIFEST = 'manifest.json';
const SIGNATURE = 'manifest.sig';
/** The only entry names an archive may hold: nothing from inside it chooses a path on disk. */
const ENTRY = /^(manifest\.json|manifest\.sig|db\/\d+\.json|storage\/\d+)$/;

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  /** The API the archive was made from. */
  source: string;
  /** The schema history: the target must have exactly these migrations applied. */
  migrations: { latest: string | null; versions: string[] };
  tables: (TableSummary & { file: string; sha256: string; restore: boolean })[];
  sequences: SequenceValue[];
  objects: (StoredObject & { file: string; size: number; sha256: string })[];
  counts: { tables: number; rows: number; objects: number; objectBytes: number };
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export interface ArchiveWriter {
  /** Adds an entry; returns its SHA-256. */
  add(name: string, data: Buffer): Promise<string>;
  /** Writes the manifest last and moves the finished file into place. */
  finish(manifest: Manifest): Promise<void>;
  abort(): void;
}

export async function createArchive(file: string, recipient: string, signWith: KeyObject): Promise<ArchiveWriter> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const encrypted = await encrypter.encrypt(
    Readable.toWeb(Readable.from(pack)) as unknown as ReadableStream<Uint8Array>,
  );
  // Owner-only: the file is encrypted, but nobody else needs to read even that.
  const written = pipeline(
    Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>),
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  written.catch(() => {});
  const add = (name: string, data: Buffer) =>
    new Promise<string>((resolve, reject) =>
      pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date(0) }, data, (err) =>
        err ? reject(err) : resolve(sha256(data)),
      ),
    );
  return {
    add,
    async finish(manifest) {
      const bytes = Buffer.from(JSON.stringify(manifest, null, 1));
      await add(MANIFEST, bytes);
      await add(SIGNATURE, Buffer.from(signManifest(bytes, signWith)));
      pack.finalize();
      await written;
      fs.renameSync(partial, file);
    },
    abort() {
      pack.destroy();
      fs.rmSync(partial, { force: true });
    },
  };
}

/**
 * Decrypts `file` into `dir` (entries as files), checks the manifest's signature and every entry
 * against the manifest, and returns it. Throws, with nothing else done, when the key does not
 * open the archive, a byte was changed, the union's key did not sign it, or an entry is missing,
 * extra or different.
 */
export async function openArchive(
  file: string,
  identity: string,
  dir: string,
  verifyWith: KeyObject,
): Promise<Manifest> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (e) {
    throw new Error(`${file} cannot be opened with this key (${(e as Error).message}).`);
  }
  const hashes = new Map<string, { sha256: string; size: number }>();
  const extract = tar.extract();
  const reading = pipeline(Readable.fromWeb(plain as WebReadableStream<Uint8Array>), extract);
  // Awaited after the entries; its failure (a changed chunk) also ends the loop below.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!ENTRY.test(name) || hashes.has(name)) throw new Error(`unexpected entry ${JSON.stringify(name)}`);
      const target = path.join(dir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let size = 0;
      const out = fs.createWriteStream(target, { mode: 0o600 });
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      hashes.set(name, { sha256: hash.digest('hex'), size });
    }
    await reading;
  } catch (e) {
    throw new Error(`${file} is damaged or was changed: ${(e as Error).message}. Nothing was restored.`);
  }
  if (!hashes.has(MANIFEST)) throw new Error(`${file} has no manifest: it is not a complete backup.`);
  const manifestBytes = fs.readFileSync(path.join(dir, MANIFEST));
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  if (manifest.format !== FORMAT)
    throw new Error(
      `${file} is a ${String(manifest.format)} archive, not ${FORMAT}` +
        (manifest.format === 'union-backup/1'
          ? ' (made before archives were signed: it cannot be shown to be the union’s).'
          : '.'),
    );
  const signature = hashes.has(SIGNATURE) ? fs.readFileSync(path.join(dir, SIGNATURE), 'utf8') : '';
  if (!signature || !verifyManifest(manifestBytes, signature, verifyWith))
    throw new Error(
      `${file} is not signed with the union’s backup key (BACKUP_VERIFY_KEY): it may be forged. Nothing was restored.`,
    );
  const listed = [...manifest.tables, ...manifest.objects];
  for (const e of listed) {
    const got = hashes.get(e.file);
    if (!got || got.sha256 !== e.sha256)
      throw new Error(`${file}: ${e.file} (${e.name}) does not match the manifest. Nothing was restored.`);
  }
  if (hashes.size !== listed.length + 2) throw new Error(`${file} holds entries its manifest does not list.`);
  return manifest;
}
