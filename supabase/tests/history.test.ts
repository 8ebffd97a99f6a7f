// History and restore (docs/data-model.md "History and restore"): a record's audit entries for
// the staff who may edit it, and putting an earlier version back, itself audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { L, anon, createUser, rand, randomUUID, service, versionOf, type TestUser } from './helpers.ts';

const svc = service();
let editor: TestUser;
let superadmin: TestUser;

beforeAll(async () => {
  [editor, superadmin] = await Promise.all([createUser('editor'), createUser('superadmin')]);
});

type Entry = { id: number; action: string; actor_email: string | null; before: Row | null; after: Row | null };
type Row = Record<string, unknown>;

async function newEvent(): Promise<string> {
  const id = randomUUID();
  const { data } = await svc.from('events').select('photo_path').limit(1).single();
  const { error } = await editor.client.from('events').insert({
    id,
    title: L('History'),
    description: L('D'),
    location: L('Hall A'),
    starts_at: '2030-05-01T15:30:00Z',
    photo_path: data!.photo_path,
  });
  if (error) throw new Error(error.message);
  return id;
}

async function save(user: TestUser, id: string, change: Row) {
  const { error } = await user.client
    .from('events')
    .update({ ...change, version: await versionOf('events', { id }) })
    .eq('id', id);
  if (error) throw new Error(error.message);
}

async function history(user: TestUser, table: string, id: string) {
  const { data, error } = await user.client.rpc('record_history', { table_name: table, row_id: id });
  return { entries: (data ?? []) as Entry[], error };
}

describe('record_history', () => {
  it("lists a record's changes newest first, with who made them, to an editor", async () => {
    const id = await newEvent();
    await save(editor, id, { location: L('Hall B') });
    await save(superadmin, id, { capacity: 40 });
    const { entries, error } = await history(editor, 'events', id);
    expect(error).toBeNull();
    expect(entries.map((e) => [e.action, e.actor_email])).toEqual([
      ['UPDATE', superadmin.email],
      ['UPDATE', editor.email],
      ['INSERT', editor.email],
    ]);
    expect(entries[1]!.after).toMatchObject({ location: L('Hall B') });
  });

  it('gives editors no history of the student register, submissions or staff; nothing to visitors', async () => {
    const { data: student } = await svc
      .from('students')
      .insert({ name: 'Hist', student_number: `H${rand()}` })
      .select('id')
      .single();
    expect((await history(editor, 'students', student!.id)).error?.message).toBe('not_allowed');
    expect((await history(superadmin, 'students', student!.id)).entries).toHaveLength(1);
    for (const table of ['submissions', 'staff', 'audit_log'])
      expect((await history(superadmin, table, randomUUID())).error?.message, table).toBe('not_allowed');
    const visitor = await anon().rpc('record_history', { table_name: 'events', row_id: randomUUID() });
    expect(visitor.error?.code).toBe('42501');
  });
});

describe('restore_version', () => {
  it('puts the record back as it was after an entry, audited with the restorer as the actor', async () => {
    const id = await newEvent();
    await save(editor, id, { location: L('Hall B'), capacity: 10 });
    await save(superadmin, id, { location: L('Hall C'), capacity: null });
    const { entries } = await history(editor, 'events', id);
    const target = entries.find((e) => (e.after?.location as Row | undefined)?.en === 'Hall B (en)')!;
    const version = await versionOf('events', { id });
    const { error } = await editor.client.rpc('restore_version', { entry_id: target.id, version });
    expect(error).toBeNull();
    const { data: row } = await svc.from('events').select('location,capacity,version').eq('id', id).single();
    expect(row).toEqual({ location: L('Hall B'), capacity: 10, version: version + 1 });
    const latest = (await history(editor, 'events', id)).entries[0]!;
    expect(latest).toMatchObject({ action: 'UPDATE', actor_email: editor.email });
    expect(latest.before).toMatchObject({ location: L('Hall C') });
  });

  it('is refused as stale when the record changed since it was seen, and changes nothing', async () => {
    const id = await newEvent();
    await save(editor, id, { capacity: 10 });
    const { entries } = await history(editor, 'events', id);
    const seen = await versionOf('events', { id });
    await save(superadmin, id, { capacity: 20 });
    const { error, status } = await editor.client.rpc('restore_version', {
      entry_id: entries.at(-1)!.id,
      version: seen,
    });
    expect(status).toBe(409);
    expect(error?.message).toBe('stale_record');
    expect((await svc.from('events').select('capacity').eq('id', id).single()).data?.capacity).toBe(20);
  });

  it('keeps the student register to superadmins and refuses a deletion entry', async () => {
    const { data: student } = await svc
      .from('students')
      .insert({ name: 'Before', student_number: `H${rand()}` })
      .select('id')
      .single();
    const id = student!.id as string;
    await superadmin.client
      .from('students')
      .update({ name: 'After', version: await versionOf('students', { id }) })
      .eq('id', id);
    const { entries } = await history(superadmin, 'students', id);
    const inserted = entries.find((e) => e.action === 'INSERT')!;
    const version = await versionOf('students', { id });
    const byEditor = await editor.client.rpc('restore_version', { entry_id: inserted.id, version });
    expect(byEditor.error?.message).toBe('not_allowed');
    const bySuperadmin = await superadmin.client.rpc('restore_version', { entry_id: inserted.id, version });
    expect(bySuperadmin.error).toBeNull();
    expect((await svc.from('students').select('name').eq('id', id).single()).data?.name).toBe('Before');

    await svc.from('students').delete().eq('id', id);
    const deletion = (await history(superadmin, 'students', id)).entries[0]!;
    expect(deletion.action).toBe('DELETE');
    const refused = await superadmin.client.rpc('restore_version', { entry_id: deletion.id, version: 1 });
    expect(refused.error?.message).toBe('not_allowed');
    const gone = await superadmin.client.rpc('restore_version', { entry_id: inserted.id, version: 1 });
    expect(gone.error?.message).toBe('stale_record');
  });
});
