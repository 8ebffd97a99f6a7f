-- The content registry (docs/data-model.md "The content registry"): one row per content table in
-- private.content_tables, with its publish times in private.content_publish_times. What every
-- content table shares was written by hand for each one; now private.add_content_table gives a new
-- table all of it, and the functions and storage policies that listed the tables or their image
-- folders read the registry instead, so adding a content type never replaces them again.
--
-- The registry is the console's `content` group (admin-console/src/registry.ts): settings and
-- translations also ask for a publish, but they are site resources with policies of their own,
-- no image and no history of their own rows' deletion, so they stay out
-- (supabase/tests/content-registry.test.ts compares both lists).

create table private.content_tables (
  table_name text primary key,
  key_column text not null default 'id',
  image_column text,
  image_folder text unique,
  visitors text not null default 'all' check (visitors in ('all', 'own')),
  constraint content_tables_image_both check ((image_column is null) = (image_folder is null)),
  constraint content_tables_image_folder_check check (image_folder ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
alter table private.content_tables enable row level security;
comment on table private.content_tables is
  'The content tables (the console''s content group): the column a publish change names, the image column and its folder in the images bucket (private.image_folders, private.image_in_use), and whether visitors read every row (all) or the table has select policies of its own (own, as news).';

create table private.content_publish_times (
  table_name text not null references private.content_tables (table_name) on delete cascade,
  column_name text not null,
  condition text,
  primary key (table_name, column_name)
);
alter table private.content_publish_times enable row level security;
comment on table private.content_publish_times is
  'The times at which the public site changes without an edit (private.publish_times): a timestamptz column of a content table, counted where it is set and, if given, where the condition (an SQL expression over the row) holds.';

insert into private.content_tables (table_name, image_column, image_folder, visitors) values
  ('board_members', 'photo_path', 'board-members', 'all'),
  ('events', 'photo_path', 'events', 'all'),
  ('books', 'cover_path', 'books', 'all'),
  ('achievements', 'photo_path', 'achievements', 'all'),
  ('news', 'cover_path', 'news', 'own'),
  ('statistics', null, null, 'all');

insert into private.content_publish_times (table_name, column_name, condition) values
  ('events', 'starts_at', null),
  ('events', 'registration_deadline', null),
  ('news', 'publish_at', $$status = 'published'$$);

-- A misuse is refused before anything is changed, naming what is wrong; the rest is what the
-- existing content tables were given by hand (20261122080200_content_tables.sql and later).
create function private.add_content_table(
  target regclass,
  key_column text default 'id',
  image_column text default null,
  image_folder text default null,
  publish_times jsonb default '{}',
  visitors text default 'all'
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  schema_name text;
  target_name text;
  column_type text;
  needed text;
  time_column text;
  time_condition text;
begin
  select n.nspname, c.relname into schema_name, target_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = target and c.relkind = 'r';
  if schema_name is distinct from 'public' then
    raise exception using errcode = '22023',
      message = format('add_content_table: %s is not a table in schema public (the API reads public)', target);
  end if;
  if exists (select 1 from private.content_tables t where t.table_name = target_name) then
    raise exception using errcode = '22023', message = format('add_content_table: %s is already a content table', target);
  end if;
  if visitors is null or visitors not in ('all', 'own') then
    raise exception using errcode = '22023',
      message = format('add_content_table: visitors is %L; it is all (everyone reads) or own (the table has its own select policies)', visitors);
  end if;
  -- set_timestamps writes the two times; a publish change names the key.
  foreach needed in array array['created_at', 'updated_at', key_column] loop
    if not exists (select 1 from pg_catalog.pg_attribute a
                    where a.attrelid = target and a.attname = needed and a.attnum > 0 and not a.attisdropped) then
      raise exception using errcode = '22023', message = format('add_content_table: %s has no column %I', target, needed);
    end if;
  end loop;

  if (image_column is null) <> (image_folder is null) then
    raise exception using errcode = '22023',
      message = format('add_content_table: %s: an image column needs an image folder and a folder needs a column', target);
  end if;
  if image_column is not null then
    select pg_catalog.format_type(a.atttypid, a.atttypmod) into column_type from pg_catalog.pg_attribute a
     where a.attrelid = target and a.attname = image_column and a.attnum > 0 and not a.attisdropped;
    if column_type is null then
      raise exception using errcode = '22023', message = format('add_content_table: %s has no image column %I', target, image_column);
    end if;
    -- A deleted record's images are held for its restore by this suffix (private.hold_deleted_images).
    if column_type <> 'text' or image_column !~ '_path$' then
      raise exception using errcode = '22023',
        message = format('add_content_table: the image column %I of %s is a text column named <something>_path', image_column, target);
    end if;
    if image_folder !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
      raise exception using errcode = '22023',
        message = format('add_content_table: the image folder %L is lower-case letters, digits and dashes', image_folder);
    end if;
    if exists (select 1 from private.content_tables t where t.image_folder = add_content_table.image_folder) then
      raise exception using errcode = '22023',
        message = format('add_content_table: the image folder %L is already %s''s', image_folder,
          (select t.table_name from private.content_tables t where t.image_folder = add_content_table.image_folder));
    end if;
  end if;

  if publish_times is null or jsonb_typeof(publish_times) <> 'object' then
    raise exception using errcode = '22023',
      message = format('add_content_table: publish_times is an object {"<column>": <condition or null>}, not %s', publish_times);
  end if;
  for time_column, time_condition in select e.key, e.value #>> '{}' from jsonb_each(publish_times) e loop
    select pg_catalog.format_type(a.atttypid, a.atttypmod) into column_type from pg_catalog.pg_attribute a
     where a.attrelid = target and a.attname = time_column and a.attnum > 0 and not a.attisdropped;
    if column_type is distinct from 'timestamp with time zone' then
      raise exception using errcode = '22023',
        message = format('add_content_table: the publish time %I of %s is not a timestamptz column', time_column, target);
    end if;
    -- Planned now, so a condition that does not compile fails here instead of in every publish check.
    if time_condition is not null then
      execute format('select 1 from %s t where (%s) limit 0', target, time_condition);
    end if;
  end loop;

  execute format('alter table %s enable row level security', target);
  if visitors = 'all' then
    execute format('create policy "everyone reads" on %s for select to anon, authenticated using (true)', target);
  end if;
  execute format('create policy "staff insert" on %s for insert to authenticated with check ((select private.is_staff()))', target);
  execute format('create policy "staff update" on %s for update to authenticated
    using ((select private.is_staff())) with check ((select private.is_staff()))', target);
  execute format('create policy "superadmins delete" on %s for delete to authenticated using ((select private.is_superadmin()))', target);
  execute format('grant select on %s to anon, authenticated', target);
  execute format('grant insert, update, delete on %s to authenticated', target);

  execute format('create trigger set_timestamps before insert or update on %s
    for each row execute function private.set_timestamps()', target);
  execute format('create trigger write_audit_log after insert or update or delete on %s
    for each row execute function private.write_audit_log()', target);
  execute format('create trigger request_publish after insert or update or delete on %s
    for each row execute function private.record_publish_change(%L)', target, key_column);
  perform private.track_version(target);
  perform private.keep_history(target);

  if image_column is not null then
    execute format('alter table %s add constraint %I check (%I ~ %L)',
      target, target_name || '_' || image_column || '_in_folder', image_column, '^' || image_folder || '/.+$');
  end if;

  insert into private.content_tables (table_name, key_column, image_column, image_folder, visitors)
  values (target_name, key_column, image_column, image_folder, visitors);
  insert into private.content_publish_times (table_name, column_name, condition)
  select target_name, e.key, e.value #>> '{}' from jsonb_each(publish_times) e;
end;
$$;
comment on function private.add_content_table(regclass, text, text, text, jsonb, text) is
  'Makes a new table in public a content table (docs/adding-a-content-type.md): row-level security, the content policies (without "everyone reads" for visitors = own) and grants, timestamps, audit, publish requests, row version, history, the image column''s folder check, and its registry rows.';

-- Which folders of the images bucket staff may write: the content tables' image folders. The
-- policies ask it once per statement (`= any ((select private.image_folders())::text[])`), not per
-- object.
create function private.image_folders()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(t.image_folder order by t.image_folder), '{}')
    from private.content_tables t where t.image_folder is not null
$$;
grant execute on function private.image_folders() to authenticated, service_role;

create or replace function private.image_in_use(name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  used_paths text;
  used boolean;
begin
  select string_agg(format('select %I as path from public.%I', t.image_column, t.table_name), ' union all '
                    order by t.table_name)
    into used_paths
    from private.content_tables t where t.image_column is not null;
  if used_paths is null then
    return false;
  end if;
  execute format('select exists (select 1 from (%s) used
                   where used.path is not null and private.image_stem(used.path) = private.image_stem($1))', used_paths)
    into used using image_in_use.name;
  return used;
end;
$$;

create or replace function private.publish_times()
returns setof timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  times text;
begin
  select string_agg(format('select t.%I from public.%I t where t.%I is not null%s', p.column_name, p.table_name,
                           p.column_name, coalesce(' and (' || p.condition || ')', '')), ' union all '
                    order by p.table_name, p.column_name)
    into times
    from private.content_publish_times p;
  if times is not null then
    return query execute times;
  end if;
end;
$$;

drop policy "staff upload images" on storage.objects;
create policy "staff upload images" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = any ((select private.image_folders())::text[])
    and (select private.is_staff())
    and private.check_image_name(name)
  );

drop policy "staff update images" on storage.objects;
create policy "staff update images" on storage.objects for update to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = any ((select private.image_folders())::text[])
    and (select private.may_change_image(name))
  )
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = any ((select private.image_folders())::text[])
    and (select private.may_change_image(name))
    and private.check_image_name(name)
  );

drop policy "staff delete images" on storage.objects;
create policy "staff delete images" on storage.objects for delete to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = any ((select private.image_folders())::text[])
    and (select private.may_change_image(name))
  );
