// Every change of an image is audited (docs/permissions.md, "Storage"): an
// upload, a replacement and a removal each leave one audit_log entry under table_name 'images',
// naming the staff member who did it, with the object's name, size and type before and after.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, pngBytes, pngBytes2, rand, sql, type TestUser } from './helpers.ts';

let editor: TestUser;
let superadmin: TestUser;
beforeAll(async () => {
  [editor, superadmin] = await Promise.all([createUser('editor'), createUser('superadmin')]);
});

interface Entry {
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  row_id: string;
  before: { name: string; size: number; mimetype: string } | null;
  after: { name: string; size: number; mimetype: string } | null;
}

const entries = (name: string) =>
  sql<Entry>(
    `select action, actor_id, actor_email, row_id, before, after from public.audit_log
      where table_name = 'images' and row_id = $1 order by id`,
    [name],
  );

describe('image audit', () => {
  it('records the upload, the replacement and the removal, each with its actor', async () => {
    const name = `events/audit-${rand()}.png`;
    const first = pngBytes();
    const second = pngBytes2();
    const up = await editor.client.storage.from('images').upload(name, first, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const again = await superadmin.client.storage
      .from('images')
      .upload(name, second, { contentType: 'image/png', upsert: true });
    expect(again.error).toBeNull();
    const gone = await superadmin.client.storage.from('images').remove([name]);
    expect(gone.error).toBeNull();
    expect(gone.data).toHaveLength(1);

    const log = await entries(name);
    expect(log.map((e) => [e.action, e.actor_id, e.actor_email])).toEqual([
      ['INSERT', editor.id, editor.email],
      ['UPDATE', superadmin.id, superadmin.email],
      ['DELETE', superadmin.id, superadmin.email],
    ]);
    expect(log[0]).toMatchObject({ before: null, after: { name, size: first.length, mimetype: 'image/png' } });
    expect(log[1]).toMatchObject({ before: { size: first.length }, after: { size: second.length } });
    expect(log[2]).toMatchObject({ before: { name, size: second.length }, after: null });
  });

  it('records nothing for a refused change', async () => {
    const name = `other/audit-${rand()}.png`;
    const { error } = await editor.client.storage.from('images').upload(name, pngBytes(), { contentType: 'image/png' });
    expect(error).not.toBeNull();
    expect(await entries(name)).toEqual([]);
  });
});
