// The demo data the apps and the end-to-end tests rely on (supabase/seed.sql + seed images).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@union/shared/constants';
import { parseMapLocation } from '@union/shared/map';
import { IMAGE_MAX_SIDE, imageVariants, storedImagePaths } from '@union/shared/storage';
import { SEED_IMAGES } from '../seed-images/upload.ts';
import { anon, env, repoRoot, service, sql } from './helpers.ts';

const SEED_NEWS = [1, 2, 3, 4].map((n) => `a0000000-0000-4000-8000-00000000000${n}`);

describe('seed', () => {
  it('has the demo accounts with their roles, able to sign in', async () => {
    for (const [email, password, role] of [
      ['superadmin@union.test', 'Superadmin1', [true, true]],
      ['editor@union.test', 'Editor12345', [true, false]],
    ] as const) {
      const c = anon();
      const { error } = await c.auth.signInWithPassword({ email, password });
      expect(error, email).toBeNull();
      expect([(await c.rpc('is_staff')).data, (await c.rpc('is_superadmin')).data]).toEqual(role);
    }
  });

  it('has past and upcoming events, some with registration closed', async () => {
    const [ev] = await sql<{ total: number; past: number; upcoming_open: number; upcoming_closed: number }>(`
      select count(*)::int as total,
             count(*) filter (where starts_at < now())::int as past,
             count(*) filter (where starts_at > now() and registration_open)::int as upcoming_open,
             count(*) filter (where starts_at > now() and not registration_open)::int as upcoming_closed
      from public.events where id::text like 'e0000000-%'`);
    expect(ev!.total).toBeGreaterThanOrEqual(8);
    expect(ev!.past).toBeGreaterThanOrEqual(2);
    expect(ev!.upcoming_open).toBeGreaterThanOrEqual(2);
    expect(ev!.upcoming_closed).toBeGreaterThanOrEqual(1);
  });

  it('has four news items: one pinned, one scheduled for next week, one draft; visitors see two', async () => {
    const [n] = await sql<Record<string, number>>(`
      select count(*)::int as total,
             count(*) filter (where pinned and status = 'published' and publish_at <= now())::int as pinned,
             count(*) filter (where status = 'published' and publish_at between now() + interval '6 days'
                                                                          and now() + interval '8 days')::int as scheduled,
             count(*) filter (where status = 'draft')::int as drafts
      from public.news where id::text like 'a0000000-%'`);
    expect(n).toEqual({ total: 4, pinned: 1, scheduled: 1, drafts: 1 });
    const { data } = await anon().from('news').select('id').in('id', SEED_NEWS);
    expect(data?.map((r) => r.id).sort()).toEqual(SEED_NEWS.slice(0, 2));
  });

  it('has the content counts of the brief', async () => {
    const [c] = await sql<Record<string, number>>(`
      select (select count(*) from public.board_members where name->>'en' not like 'Member%')::int as board,
             (select count(distinct role) from public.board_members)::int as roles,
             (select count(*) from public.board_members where photo_path is null)::int as without_photo,
             (select count(*) from public.books where id::text like 'b0000000-%')::int as books,
             (select count(*) from public.books where id::text like 'b0000000-%' and not available)::int as unavailable,
             (select count(*) from public.achievements where photo_path like 'achievements/%' and title->>'en' <> 'Prize (en)')::int as achievements,
             (select count(*) from public.statistics)::int as statistics,
             (select count(*) from public.settings)::int as settings,
             (select count(*) from public.students where student_number ~ '^20[0-9]{8}$')::int as students,
             (select count(*) from public.students where student_number ~ '^20[0-9]{8}$' and not enabled)::int as disabled`);
    expect(c!.board).toBeGreaterThanOrEqual(8);
    expect(c!.roles).toBeGreaterThanOrEqual(8);
    expect(c!.without_photo).toBeGreaterThanOrEqual(1);
    expect(c!.books).toBe(12);
    expect(c!.unavailable).toBeGreaterThanOrEqual(2);
    expect(c!.achievements).toBeGreaterThanOrEqual(5);
    expect(c!.statistics).toBeGreaterThanOrEqual(4);
    expect(c!.settings).toBe(SETTING_KEYS.length);
    expect(c!.students).toBe(25);
    expect(c!.disabled).toBeGreaterThanOrEqual(2);
  });

  it('has every setting, the map at the Görükle campus of the seeded address', async () => {
    const rows = await sql<{ key: string; value: unknown }>(`select key, value from public.settings order by key`);
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    expect([...byKey.keys()].sort()).toEqual([...SETTING_KEYS].sort());
    expect(byKey.get('footerAddress')).toMatch(/Görükle Kampüsü, Nilüfer, Bursa/);
    const place = parseMapLocation(byKey.get('mapLocation'));
    expect(place).not.toBeNull();
    // Bursa Uludağ University's Görükle campus, within about a kilometre.
    expect(Math.abs(place!.lat - 40.2262)).toBeLessThan(0.01);
    expect(Math.abs(place!.lng - 28.8724)).toBeLessThan(0.01);
  });

  it('has submissions of every type in every status', async () => {
    const rows = await sql<{ type: string; status: string }>(`
      select distinct type::text, status::text from public.submissions where created_at < now() - interval '1 hour'`);
    const combos = new Set(rows.map((r) => `${r.type}/${r.status}`));
    for (const type of [
      'event_registration',
      'evaluation',
      'book_loan',
      'contact',
      'feedback',
      'complaint',
      'suggestion',
    ]) {
      for (const status of ['pending', 'approved', 'rejected'])
        expect(combos.has(`${type}/${status}`), `${type}/${status}`).toBe(true);
    }
  });

  it('keeps approved, unreturned loans consistent with book availability', async () => {
    const rows = await sql<{ title: string }>(`
      select b.title->>'en' as title from public.submissions s join public.books b on b.id = s.book_id
      where s.type = 'book_loan' and s.status = 'approved' and s.returned_at is null and b.available
        and b.id::text like 'b0000000-%'`);
    expect(rows).toEqual([]);
  });

  it('has every demo image as WebP at the size its name states, with its small variant', async () => {
    // Every image column the content registry names (a new content type's joins by itself).
    const columns = await sql<{ table_name: string; image_column: string }>(
      `select table_name, image_column from private.content_tables where image_column is not null`,
    );
    expect(columns.length).toBeGreaterThan(0);
    const rows = await sql<{ path: string }>(
      columns
        .map(
          (c) =>
            `select "${c.image_column}" as path from public."${c.table_name}" where "${c.image_column}" is not null`,
        )
        .join(' union '),
    );
    const referenced = new Set(rows.map((r) => r.path));
    const objects = await sql<{ name: string; mimetype: string }>(
      `select name, metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'images'`,
    );
    const mimetypes = new Map(objects.map((o) => [o.name, o.mimetype]));
    for (const main of Object.keys(SEED_IMAGES)) {
      expect(referenced.has(main), main).toBe(true);
      const variants = imageVariants(main);
      expect(variants?.small, main).toBeTruthy();
      expect(Math.max(variants!.main.width, variants!.main.height)).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
      for (const path of storedImagePaths(main)) {
        expect(mimetypes.get(path), path).toBe('image/webp');
        const res = await fetch(anon().storage.from('images').getPublicUrl(path).data.publicUrl);
        expect(res.status, path).toBe(200);
        const size = webpSize(Buffer.from(await res.arrayBuffer()));
        const named = path === main ? variants!.main : variants!.small!;
        expect(size, path).toEqual({ width: named.width, height: named.height });
      }
    }
  });

  it('puts a missing demo image back with `npm run seed:images`, the step `supabase start` lacks', async () => {
    const [main] = Object.keys(SEED_IMAGES);
    const { error } = await service().storage.from('images').remove([main!]);
    expect(error).toBeNull();
    const url = anon().storage.from('images').getPublicUrl(main!).data.publicUrl;
    expect((await fetch(url)).status).toBe(400);
    // The stack's data folder, where it records itself (--target=local --data-dir).
    const admin = new URL(env.dbUrl);
    admin.username = 'supabase_admin';
    const c = new pg.Client({ connectionString: admin.href });
    await c.connect();
    const dir = (await c.query<{ setting: string }>(`select setting from pg_settings where name = 'data_directory'`))
      .rows[0]!.setting;
    await c.end();
    await promisify(execFile)(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        path.join(repoRoot, 'scripts', 'seed-images.ts'),
        '--target=local',
        `--data-dir=${path.dirname(dir)}`,
      ],
      { cwd: repoRoot },
    );
    expect((await fetch(url)).status).toBe(200);
  });
});

/** Width and height from a WebP file's header (lossy `VP8 `, lossless `VP8L` or extended `VP8X`), or null for anything else. */
function webpSize(b: Buffer): { width: number; height: number } | null {
  if (b.length < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}
