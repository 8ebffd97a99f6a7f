-- Storage schema as a Supabase project has it before any migration (a compatible subset of
-- supabase/storage's tenant migrations). Runs after 00-roles.sql (roles, schemas, auth.uid())
-- and 10-auth.sql. Not a migration: hosted projects already have all of this, so the project's
-- own migrations can `insert into storage.buckets` and `create policy … on storage.objects`
-- exactly as they do there.

create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;

do $$ begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');
exception when duplicate_object then null;
end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- Row-level security on, and no policies: the project's migrations decide who may do what.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Supabase's grants (storage migration 0046): the policies, not the grants, are the guard.
grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Helpers used in policies, e.g. (storage.foldername(name))[1] = 'events'.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end;
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end;
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end;
$$;

-- One level of a "folder": sub-folders as rows with only a name, then the objects. SECURITY
-- INVOKER (the default), so the caller's row-level security decides what is listed.
-- Unlike the original, `%` and `_` in the prefix and search are matched literally.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_order_by text;
  v_sort_order text;
  v_pattern text;
begin
  v_order_by := case sortcolumn
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name'
  end;
  v_sort_order := case lower(sortorder) when 'desc' then 'desc' else 'asc' end;
  v_pattern := replace(replace(replace(coalesce(prefix, '') || coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';

  return query execute format(
    'with folders as (
       select o.path_tokens[$1] as folder
       from storage.objects o
       where o.name ilike $2 and o.bucket_id = $3 and array_length(o.path_tokens, 1) <> $1
       group by folder
     )
     (select folder as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at,
             null::jsonb as metadata
      from folders
      order by folder %2$s)
     union all
     (select o.path_tokens[$1] as name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects o
      where o.name ilike $2 and o.bucket_id = $3 and array_length(o.path_tokens, 1) = $1
      order by %1$I %2$s)
     limit $4 offset $5',
    v_order_by, v_sort_order)
  using levels, v_pattern, bucketname, limits, offsets;
end;
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.search(text, text, int, int, int, text, text, text)
  to postgres, anon, authenticated, service_role;

-- The current request's operation (CONTRACT.md, "Operations"), for policies, as upstream.
create or replace function storage.operation()
returns text
language plpgsql
stable
as $$
begin
  return current_setting('storage.operation', true);
end;
$$;
grant execute on function storage.operation() to postgres, anon, authenticated, service_role;
