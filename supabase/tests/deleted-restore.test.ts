// Deleted, not lost (docs/data-model.md "Restoring a deleted record"): a content
// record a superadmin deleted comes back from its audit entry, with its images, for
// private.restore_days() days; then the nightly purge (Edge Function purge-images) removes the
// images for good and the restore is refused. Erasure still erases: what it removed never comes
// back with a restored record.
import { beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_DAYS } from '@union/shared/constants';
import {
  L,
  SEED,
  createUser,
  env,
  futureIso,
  pngBytes,
  rand,
  randomUUID,
  service,
  sql,
  type TestUser,
} from './helpers.ts';

const svc = service();
let editor: TestUser;
let superadmin: TestUser;

beforeAll(async () => {
  [editor, superadmin] = await Promise.all([createUser('editor'), createUser('superadmin')]);
});

const publicUrl = (name: string) => `${env.url}/storage/v1/object/public/images/${name}`;

/** A board member with a freshly uploaded photo (main image and small variant), as the console saves one. */
async function memberWithPhoto(): Promise<{ id: string; photo: string; small: string; bytes: Uint8Array }> {
  const stem = `board-members/restore-${rand()}-1780000000000`;
  const photo = `${stem}-64x64.webp`;
  const small = `${stem}-32x32.webp`;
  const bytes = pngBytes();
  for (const name of [photo, small]) {
    const { error } = await editor.client.storage.from('images').upload(name, bytes, { contentType: 'image/png' });
    expect(error, name).toBeNull();
  }
  const id = randomUUID();
  const { error } = await editor.client.from('board_members').insert({
    id,
    name: L('Restored member'),
    title: L('Treasurer'),
    bio: L('Bio'),
    role: 'media_head',
    gender: 'female',
    photo_path: photo,
  });
  expect(error).toBeNull();
  return { id, photo, small, bytes };
}

async function deleteEntry(table: string, id: string): Promise<number> {
  const rows = await sql<{ id: string }>(
    `select id::text from public.audit_log where table_name = $1 and row_id = $2 and action = 'DELETE' order by id desc limit 1`,
    [table, id],
  );
  expect(rows, `the delete entry of ${table} ${id}`).toHaveLength(1);
  return Number(rows[0]!.id);
}

/** Moves a deletion (its entry and its held images) `days` into the past. */
async function age(entryId: number, days: number) {
  await sql(`update public.audit_log set at = at - make_interval(days => $2) where id = $1`, [entryId, days]);
  await sql(
    `update private.deleted_images set deleted_at = deleted_at - make_interval(days => $2) where entry_id = $1`,
    [entryId, days],
  );
}

const purge = () =>
  fetch(`${env.url}/functions/v1/purge-images`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.serviceRoleKey}`,
      apikey: env.serviceRoleKey,
      'content-type': 'application/json',
    },
    body: '{}',
  });

describe('restoring a deleted record', () => {
  it('puts a deleted board member back with its photo, whose bytes were served all along', async () => {
    const m = await memberWithPhoto();
    expect((await superadmin.client.from('board_members').delete().eq('id', m.id).select()).data).toHaveLength(1);
    const entry = await deleteEntry('board_members', m.id);

    // Deleted, the photo stays (held), and nobody may remove or replace it meanwhile.
    const held = await fetch(publicUrl(m.photo));
    expect(held.status).toBe(200);
    expect(Buffer.from(await held.arrayBuffer())).toEqual(Buffer.from(m.bytes));
    for (const user of [editor, superadmin]) {
      const { data } = await user.client.storage.from('images').remove([m.photo, m.small]);
      expect(data ?? []).toEqual([]);
      const { error } = await user.client.storage
        .from('images')
        .upload(m.photo, pngBytes(), { upsert: true, contentType: 'image/png' });
      expect(error).not.toBeNull();
    }

    const { data: restoredId, error } = await superadmin.client.rpc('restore_deleted', { entry_id: entry });
    expect(error).toBeNull();
    expect(restoredId).toBe(m.id);
    const { data: row } = await editor.client.from('board_members').select('*').eq('id', m.id).single();
    expect(row).toMatchObject({ id: m.id, photo_path: m.photo, name: L('Restored member'), version: 1 });
    const served = await fetch(publicUrl(m.photo));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(m.bytes));
    expect((await fetch(publicUrl(m.small))).status).toBe(200);

    // Audited as a restore by the restorer; the record's history can return to it.
    const [restore] = await sql<{ action: string; actor_email: string; after: { photo_path: string } }>(
      `select action, actor_email, after from public.audit_log
        where table_name = 'board_members' and row_id = $1 order by id desc limit 1`,
      [m.id],
    );
    expect(restore).toMatchObject({ action: 'RESTORE', actor_email: superadmin.email, after: { photo_path: m.photo } });
    // The photo is the live record's again: no longer held.
    expect(await sql(`select 1 from private.deleted_images where entry_id = $1`, [entry])).toHaveLength(0);

    // The same entry again: the record exists.
    const again = await superadmin.client.rpc('restore_deleted', { entry_id: entry });
    expect(again.error?.message).toBe('record_exists');
  });

  it('is for superadmins only', async () => {
    const m = await memberWithPhoto();
    await superadmin.client.from('board_members').delete().eq('id', m.id);
    const entry = await deleteEntry('board_members', m.id);
    for (const c of [editor.client, (await createUser(null)).client]) {
      const { error } = await c.rpc('restore_deleted', { entry_id: entry });
      expect(error?.message).toBe('not_allowed');
      expect(error?.code).toBe('42501');
    }
    expect((await svc.from('board_members').select('id').eq('id', m.id)).data).toEqual([]);
  });

  it('refuses an entry that is no content deletion', async () => {
    const m = await memberWithPhoto();
    const [insert] = await sql<{ id: string }>(
      `select id::text from public.audit_log where table_name = 'board_members' and row_id = $1 and action = 'INSERT'`,
      [m.id],
    );
    expect((await superadmin.client.rpc('restore_deleted', { entry_id: Number(insert!.id) })).error?.message).toBe(
      'not_restorable',
    );
    // A record of the students register is not restorable (personal data erasure must remove).
    const number = `R${rand().slice(0, 8)}`;
    const { data: student } = await svc
      .from('students')
      .insert({ student_number: number, name: 'Deleted student' })
      .select('id')
      .single();
    await superadmin.client.from('students').delete().eq('id', student!.id);
    const studentEntry = await deleteEntry('students', student!.id);
    expect((await superadmin.client.rpc('restore_deleted', { entry_id: studentEntry })).error?.message).toBe(
      'not_restorable',
    );
    expect((await superadmin.client.rpc('restore_deleted', { entry_id: 0 })).error?.message).toBe('not_restorable');
  });

  it('refuses once the period is over', async () => {
    const m = await memberWithPhoto();
    await superadmin.client.from('board_members').delete().eq('id', m.id);
    const entry = await deleteEntry('board_members', m.id);
    await age(entry, RESTORE_DAYS - 1);
    // Still within the period a day before its end ...
    const [{ restorable }] = (await sql<{ restorable: boolean }>(
      `select at > now() - make_interval(days => private.restore_days()) as restorable from public.audit_log where id = $1`,
      [entry],
    )) as [{ restorable: boolean }];
    expect(restorable).toBe(true);
    await age(entry, 1);
    const { error } = await superadmin.client.rpc('restore_deleted', { entry_id: entry });
    expect(error?.message).toBe('restore_expired');
  });

  it('is purged after the period: the images leave Storage and the restore is refused', async () => {
    const m = await memberWithPhoto();
    const kept = await memberWithPhoto();
    await superadmin.client.from('board_members').delete().in('id', [m.id, kept.id]);
    const entry = await deleteEntry('board_members', m.id);
    const keptEntry = await deleteEntry('board_members', kept.id);
    await age(entry, RESTORE_DAYS + 1);
    await age(keptEntry, RESTORE_DAYS - 1);

    // Only the service role runs the purge.
    const refused = await fetch(`${env.url}/functions/v1/purge-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superadmin.token}`, apikey: env.anonKey },
    });
    expect(refused.status).toBe(403);
    expect((await fetch(publicUrl(m.photo))).status).toBe(200);

    const res = await purge();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { removed: number }).removed).toBeGreaterThanOrEqual(2);
    expect((await fetch(publicUrl(m.photo))).status).toBe(400);
    expect((await fetch(publicUrl(m.small))).status).toBe(400);
    expect(await sql(`select 1 from storage.objects where name in ($1, $2)`, [m.photo, m.small])).toHaveLength(0);
    // The younger deletion keeps its images.
    expect((await fetch(publicUrl(kept.photo))).status).toBe(200);
    // Removed through Storage, so audited as image deletions.
    expect(
      await sql(`select 1 from public.audit_log where table_name = 'images' and action = 'DELETE' and row_id = $1`, [
        m.photo,
      ]),
    ).toHaveLength(1);

    expect((await superadmin.client.rpc('restore_deleted', { entry_id: entry })).error?.message).toBe(
      'restore_expired',
    );
    // The next night forgets the hold, whose objects are gone.
    expect((await purge()).status).toBe(200);
    expect(await sql(`select 1 from private.deleted_images where entry_id = $1`, [entry])).toHaveLength(0);
    // One hold per image column: the small variant shares the main image's stem.
    expect(await sql(`select name from private.deleted_images where entry_id = $1`, [keptEntry])).toEqual([
      { name: kept.photo },
    ]);
  });

  it('never purges an image a live record uses, even one a deleted record used too', async () => {
    const m = await memberWithPhoto();
    const twin = randomUUID();
    await svc.from('board_members').insert({
      id: twin,
      name: L('Twin'),
      title: L('Member'),
      bio: L('Bio'),
      role: 'media_head',
      gender: 'male',
      photo_path: m.photo,
    });
    await superadmin.client.from('board_members').delete().eq('id', m.id);
    const entry = await deleteEntry('board_members', m.id);
    await age(entry, RESTORE_DAYS + 1);
    expect((await purge()).status).toBe(200);
    expect((await fetch(publicUrl(m.photo))).status).toBe(200);
  });
});

describe('erasure still erases', () => {
  it('a restored event brings back none of the forms deleted with it, nor what erasure removed', async () => {
    const eventId = randomUUID();
    const { data: seedEvent } = await svc.from('events').select('photo_path').limit(1).single();
    await svc.from('events').insert({
      id: eventId,
      title: L('Erased registrant'),
      description: L('D'),
      location: L('Hall'),
      starts_at: futureIso(20),
      photo_path: seedEvent!.photo_path,
    });
    const email = `erase-${rand()}@example.com`;
    const { data: form } = await svc
      .from('submissions')
      .insert({
        type: 'event_registration',
        status: 'pending',
        name: 'To be erased',
        email,
        student_number: SEED.enabledStudent,
        event_id: eventId,
      })
      .select('id')
      .single();
    await superadmin.client.from('events').delete().eq('id', eventId);
    const entry = await deleteEntry('events', eventId);
    const { error: eraseError } = await superadmin.client.rpc('erase_person', { email });
    expect(eraseError).toBeNull();

    expect((await superadmin.client.rpc('restore_deleted', { entry_id: entry })).error).toBeNull();
    expect((await svc.from('events').select('id').eq('id', eventId)).data).toHaveLength(1);
    expect((await svc.from('submissions').select('id').eq('id', form!.id)).data).toEqual([]);
    // The form's audit entries hold no personal data after the erasure; nothing restores one.
    const formEntries = await sql<{ id: string; before: unknown; after: unknown }>(
      `select id::text, before, after from public.audit_log where table_name = 'submissions' and row_id = $1`,
      [form!.id],
    );
    expect(formEntries.length).toBeGreaterThan(0);
    for (const e of formEntries) {
      expect([e.before, e.after]).toEqual([null, null]);
      expect((await superadmin.client.rpc('restore_deleted', { entry_id: Number(e.id) })).error?.message).toBe(
        'not_restorable',
      );
    }
  });

  it('a deletion whose data retention already removed cannot be restored', async () => {
    const m = await memberWithPhoto();
    await superadmin.client.from('board_members').delete().eq('id', m.id);
    const entry = await deleteEntry('board_members', m.id);
    await sql(`update public.audit_log set before = null, anonymised_at = now() where id = $1`, [entry]);
    expect((await superadmin.client.rpc('restore_deleted', { entry_id: entry })).error?.message).toBe('not_restorable');
  });
});
