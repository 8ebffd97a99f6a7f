-- The private schema for security-definer helpers, privileges by default, enums, generic
-- helpers, and the staff table with the role helpers that read it (the staff rules are in
-- 20261122080300_staff_students_audit.sql). The private schema is not exposed through the API
-- (only `public` is).

create schema if not exists private;
revoke all on schema private from public;
-- Policies call private.is_staff() & co. as the requesting role, so the API roles need
-- usage on the schema and execute on exactly those helpers (granted beside each).
grant usage on schema private to anon, authenticated, service_role;

-- Everything starts closed. Supabase grants all on new tables, sequences and functions in
-- public to the API roles; take that back before anything is created, so that a new object is
-- private until a migration grants exactly what it needs (next to the object's definition).
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges for role postgres in schema private revoke execute on functions from public;
-- PUBLIC's execute on new functions is a global default, which per-schema default privileges
-- cannot take away (they only add to the global ones): revoke it globally for the role that
-- runs the migrations. Every function that an API role calls is granted explicitly.
alter default privileges for role postgres revoke execute on functions from public;

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
-- cancelled: the visitor cancelled their own event registration with the link of a mail
-- (public.cancel_registration, 20261122080700_mail.sql); staff only approve and reject.
create type public.submission_status as enum ('pending', 'approved', 'rejected', 'cancelled');
create type public.pickup_location as enum ('campus', 'midan');
create type public.staff_role as enum ('editor', 'superadmin');

-- Blank means blank in Unicode: white space (tab, no-break space, the U+2000 spaces, ideographic
-- space, …) and the invisible format characters a form can carry (zero-width space and joiners,
-- direction marks including the Arabic letter mark, word joiner, variation selectors, byte order
-- mark, Hangul fillers, soft hyphen). btrim() only knows the ASCII space.
create function private.is_blank(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value is null or value ~ '^[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]*$'
$$;
grant execute on function private.is_blank(text) to anon, authenticated, service_role;

-- The same characters removed from both ends.
create function private.trim_blank(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(value,
    '^[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]+|[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]+$',
    '', 'g')
$$;
grant execute on function private.trim_blank(text) to anon, authenticated, service_role;

-- A localized text: exactly the keys en, ar, tr, each a string that is not blank. CASE: never
-- evaluate jsonb_object_keys() on a non-object (SQL does not promise left-to-right evaluation
-- of AND), so a scalar is a check violation, not a runtime error.
create function private.is_localized(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null or jsonb_typeof(value) <> 'object' then false
    else (select count(*) from jsonb_object_keys(value)) = 3
      and coalesce(jsonb_typeof(value -> 'en') = 'string' and not private.is_blank(value ->> 'en'), false)
      and coalesce(jsonb_typeof(value -> 'ar') = 'string' and not private.is_blank(value ->> 'ar'), false)
      and coalesce(jsonb_typeof(value -> 'tr') = 'string' and not private.is_blank(value ->> 'tr'), false)
  end
$$;
grant execute on function private.is_localized(jsonb) to anon, authenticated, service_role;

-- An optional https link (profile links on board members).
create function private.is_https_url(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or value ~ '^https://[^\s/$.?#][^\s]*$'
$$;
grant execute on function private.is_https_url(text) to anon, authenticated, service_role;

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
grant execute on function private.is_api_caller() to anon, authenticated, service_role;

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
grant execute on function private.is_staff() to anon, authenticated, service_role;

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
grant execute on function private.is_superadmin() to anon, authenticated, service_role;

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
grant execute on function public.is_staff() to anon, authenticated;

create function public.is_superadmin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_superadmin()
$$;
grant execute on function public.is_superadmin() to anon, authenticated;
