-- Enums, the private schema for security-definer helpers, and the staff table the role
-- helpers read. The private schema is not exposed through the API (only `public` is).

create schema if not exists private;
revoke all on schema private from public;
-- Policies call private.is_staff() & co. as the requesting role, so the API roles need
-- usage on the schema and execute on exactly those helpers (granted below).
grant usage on schema private to anon, authenticated, service_role;

create type public.board_role as enum (
  'president', 'vice_president', 'activities_head', 'finance_head', 'pr_head', 'media_head',
  'student_affairs_head', 'cultural_committee_official', 'turkish_relations_officer',
  'committee_coordinator'
);
create type public.gender as enum ('male', 'female');
create type public.statistic_icon as enum ('users', 'book', 'calendar', 'award');
create type public.submission_type as enum (
  'event_registration', 'evaluation', 'book_loan', 'contact', 'feedback', 'complaint', 'suggestion'
);
create type public.submission_status as enum ('pending', 'approved', 'rejected');
create type public.pickup_location as enum ('campus', 'midan');
create type public.staff_role as enum ('editor', 'superadmin');

-- A localized text: exactly the keys en, ar, tr, each a non-empty string.
create function private.is_localized(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
    and jsonb_typeof(value) = 'object'
    and (select count(*) from jsonb_object_keys(value)) = 3
    and jsonb_typeof(value -> 'en') = 'string' and btrim(value ->> 'en') <> ''
    and jsonb_typeof(value -> 'ar') = 'string' and btrim(value ->> 'ar') <> ''
    and jsonb_typeof(value -> 'tr') = 'string' and btrim(value ->> 'tr') <> ''
$$;

-- An optional https link (profile links on board members).
create function private.is_https_url(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or value ~ '^https://[^\s/$.?#][^\s]*$'
$$;

-- True when the statement runs for an API caller that policies and rules apply to
-- (PostgREST switches to anon/authenticated; the service role, migrations and the seed
-- run as other roles). Uses the `role` setting, which security definer functions do not
-- change, so triggers that run as their owner still see the caller.
create function private.is_api_caller()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated')
$$;

-- Keeps created_at server-set and bumps updated_at.
create function private.set_timestamps()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if private.is_api_caller() or new.created_at is null then
      new.created_at := now();
    end if;
  else
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Staff: one row per admin account, keyed by the auth user. Roles never live in user metadata.
create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (length(email) between 3 and 320),
  role public.staff_role not null default 'editor',
  created_at timestamptz not null default now()
);
comment on table public.staff is 'Admin accounts (editor or superadmin). Created and deleted by the admin-users Edge Function.';
create index staff_role_idx on public.staff (role);

create function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.staff s where s.user_id = (select auth.uid()))
$$;

create function private.is_superadmin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.staff s where s.user_id = (select auth.uid()) and s.role = 'superadmin'
  )
$$;

-- Public wrappers for the console's guard. Security invoker: the definer part stays in
-- the unexposed private schema.
create function public.is_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_staff()
$$;

create function public.is_superadmin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_superadmin()
$$;
