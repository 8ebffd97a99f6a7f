// The archive's proof of origin: what a restore opens is refused before anything is written
// when it was not signed with the union's key (a forgery made with the public recipient key) or
// its manifest was changed after signing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createArchive, FORMAT, openArchive, sha256, type Manifest } from './archive.js';
import { DEMO_IDENTITY, DEMO_RECIPIENT } from './keys.js';
import { DEMO_SIGNING_KEY, DEMO_VERIFY_KEY, newSigningPair, signingKey, verifyKey } from './signing.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-archive-')));

const rows = Buffer.from('[{"id":1,"title":"Open day"}]');
const manifestFor = (data: Buffer): Manifest => ({
  format: FORMAT,
  createdAt: '2026-12-01T00:00:00.000Z',
  source: 'http://127.0.0.1:54321',
  migrations: { latest: '1', versions: ['1'] },
  tables: [
    {
      name: 'public.events',
      columns: ['id', 'title'],
      rows: 1,
      checksum: 'x',
      file: 'db/0.json',
      sha256: sha256(data),
      restore: true,
    },
  ],
  sequences: [],
  objects: [],
  counts: { tables: 1, rows: 1, objects: 0, objectBytes: 0 },
});

async function write(file: string, signWith = signingKey(DEMO_SIGNING_KEY), data = rows) {
  const a = await createArchive(file, DEMO_RECIPIENT, signWith);
  await a.add('db/0.json', data);
  await a.finish(manifestFor(data));
}

/** The archive's entries, decrypted with the demo identity. */
async function entries(file: string): Promise<Map<string, Buffer>> {
  const d = new Decrypter();
  d.addIdentity(DEMO_IDENTITY);
  const plain = await d.decrypt(fs.readFileSync(file));
  const out = new Map<string, Buffer>();
  const extract = tar.extract();
  Readable.from([Buffer.from(plain)]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry as AsyncIterable<Buffer>) chunks.push(c);
    out.set(entry.header.name, Buffer.concat(chunks));
  }
  return out;
}

/** Packs `files` in order and encrypts them to the demo recipient, as anyone with the public key can. */
async function pack(file: string, files: [string, Buffer][]) {
  const p = tar.pack();
  for (const [name, data] of files) p.entry({ name }, data);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p as AsyncIterable<Buffer>) chunks.push(c);
  const e = new Encrypter();
  e.addRecipient(DEMO_RECIPIENT);
  fs.writeFileSync(file, await e.encrypt(Buffer.concat(chunks)));
}

const open = (file: string) => openArchive(file, DEMO_IDENTITY, path.join(dir, 'out'), verifyKey(DEMO_VERIFY_KEY));

describe('a backup archive', () => {
  it('opens when signed with the union’s key', async () => {
    const file = path.join(fresh(), 'good.age');
    await write(file);
    expect((await open(file)).counts.rows).toBe(1);
  });

  it('is refused when signed with another key (a forgery made with the public recipient key)', async () => {
    const file = path.join(fresh(), 'forged.age');
    await write(file, signingKey(newSigningPair().secret));
    await expect(open(file)).rejects.toThrow(/not signed with the union’s backup key/);
  });

  it('is refused when its rows and manifest were changed after signing, checksums made to match', async () => {
    const good = path.join(fresh(), 'good.age');
    await write(good);
    const e = await entries(good);
    const changed = Buffer.from('[{"id":1,"title":"Closed"}]');
    const manifest = JSON.parse(e.get('manifest.json')!.toString()) as Manifest;
    manifest.tables[0]!.sha256 = sha256(changed);
    const tampered = path.join(dir, 'tampered.age');
    await pack(tampered, [
      ['db/0.json', changed],
      ['manifest.json', Buffer.from(JSON.stringify(manifest, null, 1))],
      ['manifest.sig', e.get('manifest.sig')!],
    ]);
    await expect(open(tampered)).rejects.toThrow(/not signed with the union’s backup key/);
  });

  it('is refused without a signature, and an unsigned archive of the first format says why', async () => {
    const good = path.join(fresh(), 'good.age');
    await write(good);
    const e = await entries(good);
    const unsigned = path.join(dir, 'unsigned.age');
    await pack(unsigned, [
      ['db/0.json', e.get('db/0.json')!],
      ['manifest.json', e.get('manifest.json')!],
    ]);
    await expect(open(unsigned)).rejects.toThrow(/not signed/);
    const old = JSON.parse(e.get('manifest.json')!.toString()) as Manifest;
    const v1 = path.join(dir, 'v1.age');
    await pack(v1, [
      ['db/0.json', e.get('db/0.json')!],
      ['manifest.json', Buffer.from(JSON.stringify({ ...old, format: 'union-backup/1' }))],
    ]);
    await expect(open(v1)).rejects.toThrow(/made before archives were signed/);
  });
});
