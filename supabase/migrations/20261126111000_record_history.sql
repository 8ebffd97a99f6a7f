-- History per record (docs/data-model.md "History and restore"): each record's page lists its
-- entries of the audit log, field by field, and can put an earlier version back. The audit log
-- stays readable by superadmins only; these two functions are the narrower door: a record's own
-- entries, to the staff who may edit that record.
--
-- Which tables have a history, and who may read and restore it: content, settings and translation
-- overrides for every staff member (they edit them), the student register for superadmins (only
-- they may see or edit it). Submissions and staff accounts are left out on purpose: a
-- submission's life is its review (approved, rejected, cancelled, with mails sent on each step),
-- which a restore would bypass, and staff roles are changed deliberately one at a time; both stay
-- visible to superadmins in the audit log.
create table private.history_tables (
  table_name text primary key,
  readers text not null check (readers in ('staff', 'superadmins'))
);
alter table private.history_tables enable row level security;

-- The one line a migration adds for a new content type (docs/adding-a-content-type.md).
create function private.keep_history(target regclass, readers text default 'staff')
returns void
language sql
set search_path = ''
as $$
  insert into private.history_tables (table_name, readers)
  values ((select c.relname from pg_catalog.pg_class c where c.oid = target), readers)
$$;

select private.keep_history('public.events');
select private.keep_history('public.board_members');
select private.keep_history('public.books');
select private.keep_history('public.achievements');
select private.keep_history('public.statistics');
select private.keep_history('public.translations');
select private.keep_history('public.settings');
select private.keep_history('public.students', 'superadmins');

create function private.may_read_history(target text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case h.readers when 'staff' then private.is_staff() else private.is_superadmin() end
    from private.history_tables h where h.table_name = target
  ), false)
$$;

-- A record's audit entries, newest first; `not_allowed` for a table the caller may not read.
create function public.record_history(table_name text, row_id text)
returns setof public.audit_log
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.may_read_history(record_history.table_name) then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  return query
    select a.* from public.audit_log a
    where a.table_name = record_history.table_name and a.row_id = record_history.row_id
    order by a.at desc, a.id desc;
end;
$$;
grant execute on function public.record_history(text, text) to authenticated, service_role;

-- Puts the record back as it was after the audit entry `entry_id` (an insert or an update of a
-- record that still exists), naming the version the caller saw (`stale_record` otherwise, as any
-- save; also when the record was deleted meanwhile). A deletion's entry is `not_allowed`. The restore is an ordinary update: audited with the caller as the actor, published,
-- checked by the table's constraints. Columns the entry does not have (added later) keep their
-- value; bookkeeping (id/key, created_at, updated_at, version) is the database's.
create function public.restore_version(entry_id bigint, version integer)
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
  -- A deletion has no "after" to go back to (bringing deleted records back is another matter).
  if entry.after is null or entry.action not in ('INSERT', 'UPDATE') then
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
  -- Deleted since the caller saw it: the record changed, as for any stale save.
  if changed = 0 then
    raise exception using errcode = 'PT409', message = 'stale_record';
  end if;
end;
$$;
grant execute on function public.restore_version(bigint, integer) to authenticated, service_role;
