-- Run as supabase_admin, the cluster's superuser, after the other bootstrap files: from here on
-- `postgres` has what it has on a hosted project, so a migration that would fail on deploy fails
-- locally too. The steps follow supabase/postgres (migrations/db/migrations/
-- 10000000000000_demote-postgres.sql and the supautils settings of its image), GoTrue's and
-- Storage's own migrations, and what hosted projects changed since (postgres is no longer a member
-- of the roles that own the auth and storage tables). docs/architecture.md, "The local database".

-- 1. The auth and storage services own their tables, as GoTrue and Storage create them.
do $$
declare
  r record;
begin
  for r in
    select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'p', 'S', 'v')
  loop
    execute format('alter %s %I.%I owner to %I',
      case r.relkind when 'S' then 'sequence' when 'v' then 'view' else 'table' end,
      r.nspname, r.relname, case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for r in
    select p.oid::regprocedure as fn, n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('auth', 'storage')
  loop
    execute format('alter function %s owner to %I', r.fn,
      case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
end $$;

-- 2. Row-level security on every auth table, as GoTrue's migrations enable it: the API roles read
-- none of them (they have no grants either); the services and postgres (BYPASSRLS) are not
-- affected.
do $$
declare
  t text;
begin
  for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'auth' and c.relkind = 'r'
  loop
    execute format('alter table auth.%I enable row level security', t);
  end loop;
end $$;

-- 3. Storage's guard against deleting its rows with plain SQL (Storage migration
-- 0055-prevent-direct-deletes): files would be left behind. The Storage API sets
-- storage.allow_delete_query for its own deletes; so can a maintenance script that knows why.
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
alter function storage.protect_delete() owner to supabase_storage_admin;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- 4. What postgres keeps (demote-postgres.sql): every privilege on the objects of auth, storage
-- and extensions, but not their ownership.
grant all on database postgres to postgres;
grant all on schema auth, extensions, storage to postgres;
grant all on all tables in schema auth, storage, extensions to postgres;
grant all on all sequences in schema auth, storage, extensions to postgres;
grant all on all routines in schema auth, storage, extensions to postgres;

-- 5. supautils' policy_grants: on hosted, postgres may create, alter and drop policies on these
-- tables although it does not own them (supautils runs the command with the owner's rights).
-- Emulated with event triggers: for a policy command by postgres, it becomes a member of the
-- owning roles for that command only (the grant is part of the command's transaction and is
-- revoked at its end); a policy on any other auth or storage table is refused as on hosted.
-- Everything else on auth and storage objects (alter table, drop, new columns…) is refused by
-- ownership, as on hosted.
create schema supautils_local;
revoke all on schema supautils_local from public;

create function supautils_local.policy_grant_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
               'storage.buckets', 'storage.migrations', 'storage.objects', 'storage.s3_multipart_uploads',
               'storage.s3_multipart_uploads_parts']
$$;

create function supautils_local.policy_command_start()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if session_user = 'postgres' and tg_tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') then
    grant supabase_auth_admin, supabase_storage_admin to postgres;
  end if;
end;
$$;

create function supautils_local.policy_command_end()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target text;
begin
  if session_user <> 'postgres' or tg_tag not in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') then
    return;
  end if;
  for target in
    select p.polrelid::regclass::text from pg_event_trigger_ddl_commands() c join pg_policy p on p.oid = c.objid
    where c.classid = 'pg_policy'::regclass
  loop
    if split_part(target, '.', 1) in ('auth', 'storage') and not target = any (supautils_local.policy_grant_tables()) then
      raise exception 'must be owner of table %', split_part(target, '.', 2) using errcode = '42501';
    end if;
  end loop;
  revoke supabase_auth_admin, supabase_storage_admin from postgres;
end;
$$;

create function supautils_local.policy_dropped()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target text;
begin
  if session_user <> 'postgres' then
    return;
  end if;
  for target in
    select o.address_names[1] || '.' || o.address_names[2] from pg_event_trigger_dropped_objects() o
    where o.object_type = 'policy'
  loop
    if split_part(target, '.', 1) in ('auth', 'storage') and not target = any (supautils_local.policy_grant_tables()) then
      raise exception 'must be owner of table %', split_part(target, '.', 2) using errcode = '42501';
    end if;
  end loop;
end;
$$;

create event trigger supautils_local_policy_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function supautils_local.policy_command_start();
create event trigger supautils_local_policy_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function supautils_local.policy_command_end();
create event trigger supautils_local_policy_dropped on sql_drop
  execute function supautils_local.policy_dropped();

-- 6. postgres as on a hosted project: not a superuser.
alter role postgres nosuperuser createdb createrole login replication bypassrls;

-- 7. supautils' privileged_role_allowed_configs: on hosted, postgres may set
-- session_replication_role (a superuser setting), which is how Supabase's own restore
-- instructions load data without firing triggers; `npm run restore` does the same.
grant set on parameter session_replication_role to postgres;
