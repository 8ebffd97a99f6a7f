-- Deleted, not lost (docs/data-model.md "Restoring a deleted record"): a content record a
-- superadmin deleted can be put back from the audit log's delete entry for private.restore_days()
-- days, images included; after that the nightly purge removes its images for good.
--
-- Why the audit log and not a "deleted" flag on every table: the log already holds the whole row
-- of every delete (to_jsonb(old)), every reader of the content tables (public site, feeds,
-- prerender, console) would otherwise have to filter the flag, and a row that is gone is gone for
-- the unique keys too. What the log does not hold are the images' bytes: they stay in Storage,
-- held (below), until the period is over.

-- The period, stated once (shared/src/constants.ts RESTORE_DAYS copies it; supabase/tests/drift.test.ts
-- checks the copy and the docs).
create function private.restore_days()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 30
$$;

-- Which history tables' deleted records may be restored: content (staff read its history).
-- Settings and translation overrides are not records one deletes (a missing one reads as its
-- default), and the student register is personal data that erasure must be able to remove for
-- good, so they stay out.
alter table private.history_tables add column restorable boolean not null default false;
update private.history_tables set restorable = true
 where readers = 'staff' and table_name not in ('settings', 'translations');

-- A content type that keeps its history (readers 'staff') is restorable too, from its one line on.
create or replace function private.keep_history(target regclass, readers text default 'staff')
returns void
language sql
set search_path = ''
as $$
  insert into private.history_tables (table_name, readers, restorable)
  values ((select c.relname from pg_catalog.pg_class c where c.oid = target), readers, readers = 'staff')
$$;

-- A restore is its own kind of audit entry.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('INSERT', 'UPDATE', 'DELETE', 'ERASE', 'RETENTION', 'RESTORE'));

-- The images of deleted records, held for the restore: written when the delete's audit entry is
-- (every `*_path` column of the row: photo_path, cover_path), removed by a restore (the record
-- uses them again) or by the purge once the objects are gone. Names only; no API role reads it.
create table private.deleted_images (
  entry_id bigint not null,
  name text not null,
  deleted_at timestamptz not null,
  primary key (entry_id, name)
);
alter table private.deleted_images enable row level security;
create index deleted_images_deleted_at_idx on private.deleted_images (deleted_at);

create function private.hold_deleted_images()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.before is not null and exists (
    select 1 from private.history_tables h where h.table_name = new.table_name and h.restorable
  ) then
    insert into private.deleted_images (entry_id, name, deleted_at)
    select new.id, p.value, new.at
      from jsonb_each_text(new.before) p
     where p.key like '%\_path' and p.value is not null and p.value <> ''
    on conflict do nothing;
  end if;
  return null;
end;
$$;

create trigger hold_deleted_images after insert on public.audit_log
  for each row when (new.action = 'DELETE') execute function private.hold_deleted_images();

-- Whether the object `name` (or its resized sibling, same stem) belongs to a record deleted
-- within the period, or whose period is over but the purge has not removed it yet.
create function private.image_held(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.deleted_images d
     where private.image_stem(d.name) = private.image_stem(image_held.name)
  )
$$;

-- A held image is nobody's to replace, move or delete through the API: the restore needs it and
-- the purge (service role) removes it. To take a photo down at once, clear or replace it on the
-- record's page before deleting the record (docs/privacy.md).
create or replace function private.may_change_image(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not private.image_held(name)
     and (private.is_superadmin() or (private.is_staff() and not private.image_in_use(name)))
$$;

-- Puts back the record a delete entry recorded, with the same id, for superadmins, within the
-- period. Refusals: not_allowed (42501, not a superadmin), not_restorable (not a delete of a
-- restorable table, or the entry's data was removed by retention or erasure), restore_expired
-- (older than the period), record_exists (a record with that id exists again). The insert is
-- ordinary: checked by the table's constraints, published, version 1, created_at as it was; its
-- audit entry, written with the restorer as the actor, is marked RESTORE.
create function public.restore_deleted(entry_id bigint)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.audit_log;
  columns text;
  exists_again boolean;
begin
  if not private.is_superadmin() then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  select * into entry from public.audit_log a where a.id = entry_id;
  if not found or entry.action <> 'DELETE' or entry.before is null or not exists (
    select 1 from private.history_tables h where h.table_name = entry.table_name and h.restorable
  ) then
    raise exception using errcode = 'P0001', message = 'not_restorable';
  end if;
  if entry.at < now() - make_interval(days => private.restore_days()) then
    raise exception using errcode = 'P0001', message = 'restore_expired';
  end if;
  execute format('select exists (select 1 from public.%I t where t.id::text = $1)', entry.table_name)
    into exists_again using entry.row_id;
  if exists_again then
    raise exception using errcode = 'P0001', message = 'record_exists';
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum) into columns
  from pg_catalog.pg_attribute a
  where a.attrelid = format('public.%I', entry.table_name)::regclass
    and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''
    and a.attname not in ('updated_at', 'version')
    and entry.before ? a.attname;
  execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                 entry.table_name, columns)
    using entry.before;
  update public.audit_log l set action = 'RESTORE'
   where l.id = (select max(x.id) from public.audit_log x
                  where x.table_name = entry.table_name and x.row_id = entry.row_id and x.action = 'INSERT');
  delete from private.deleted_images d where d.entry_id = restore_deleted.entry_id;
  return entry.row_id;
end;
$$;
grant execute on function public.restore_deleted(bigint) to authenticated, service_role;

-- A restore's entry holds the record as it was put back: a version to return to like an insert's.
create or replace function public.restore_version(entry_id bigint, version integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.audit_log;
  key_column text;
  columns text;
  changed integer;
begin
  select * into entry from public.audit_log a where a.id = entry_id;
  if not found or not private.may_read_history(entry.table_name) then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  -- A deletion has no "after" to go back to (public.restore_deleted brings a deleted record back).
  if entry.after is null or entry.action not in ('INSERT', 'UPDATE', 'RESTORE') then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  key_column := case when entry.after ? 'id' then 'id' else 'key' end;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum) into columns
  from pg_catalog.pg_attribute a
  where a.attrelid = format('public.%I', entry.table_name)::regclass
    and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'key', 'created_at', 'updated_at', 'version')
    and entry.after ? a.attname;
  execute format(
    'update public.%1$I t set (%2$s, version) = (select %2$s, $2 from jsonb_populate_record(null::public.%1$I, $1))
     where t.%3$I::text = $3',
    entry.table_name, columns, key_column)
  using entry.after, version, entry.row_id;
  get diagnostics changed = row_count;
  if changed = 0 then
    raise exception using errcode = 'PT409', message = 'stale_record';
  end if;
end;
$$;

-- The purge's list, for the Edge Function `purge-images` (service role only), which removes the
-- objects through the Storage API (a plain-SQL delete of storage.objects would leave the bytes in
-- the bucket's store). First forgets the holds whose period is over and that have nothing left to
-- remove (the objects are gone, or a live record uses them again); then answers the names of the
-- objects whose period is over, that no live record uses and no younger hold keeps. So an object
-- whose removal failed is answered again the next night.
create function public.claim_expired_images()
returns setof text
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(days => private.restore_days());
begin
  delete from private.deleted_images d
   where d.deleted_at < cutoff
     and not exists (
       select 1 from storage.objects o
        where o.bucket_id = 'images' and private.image_stem(o.name) = private.image_stem(d.name)
          and not private.image_in_use(o.name)
     );
  return query
    select o.name from storage.objects o
     where o.bucket_id = 'images'
       and exists (select 1 from private.deleted_images d
                    where d.deleted_at < cutoff and private.image_stem(d.name) = private.image_stem(o.name))
       and not exists (select 1 from private.deleted_images d
                        where d.deleted_at >= cutoff and private.image_stem(d.name) = private.image_stem(o.name))
       and not private.image_in_use(o.name)
     order by o.name;
end;
$$;
grant execute on function public.claim_expired_images() to service_role;

-- Hosted: the nightly purge. Supabase Cron calls the Edge Function with pg_net, with the project's
-- URL and service key from Vault (`project_url`, `service_role_key`: the same secrets as the mail
-- drain, docs/mail.md); where pg_net, Vault or the secrets are missing it does nothing. The local
-- stack calls the function after its retention run (supabase/local-stack/src/retention.ts).
create function private.dispatch_image_purge()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return false;
  end if;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$q$ into project_url;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$q$ into service_key;
  if nullif(btrim(project_url), '') is null or nullif(btrim(service_key), '') is null then
    return false;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 60000)'
    using rtrim(project_url, '/') || '/functions/v1/purge-images', '{}'::jsonb,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  return true;
end;
$$;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('purge-images', '27 3 * * *', 'select private.dispatch_image_purge()');
  end if;
end;
$$;
