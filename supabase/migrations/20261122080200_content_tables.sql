-- Public content: visitors read; staff (editors and superadmins) insert and update;
-- only superadmins delete. One permissive policy per role and action (linter rule
-- multiple_permissive_policies), helpers wrapped in (select …) so they run once per
-- statement (linter rule auth_rls_initplan). Every change is audited (the triggers are
-- created with the audit log, 20261122080300_staff_students_audit.sql).

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null check (private.is_localized(title)),
  description jsonb not null check (private.is_localized(description)),
  location jsonb not null check (private.is_localized(location)),
  starts_at timestamptz not null,
  registration_open boolean not null default true,
  -- Seats: null = unlimited. Pending and approved registrations hold a seat, rejected ones do
  -- not; a registration that finds no free seat is stored on the waitlist
  -- (submissions.waitlist_position, 20261122080400_submissions.sql).
  capacity integer check (capacity is null or capacity > 0),
  -- Null = until the event starts. Registrations after it: registration_deadline_passed.
  registration_deadline timestamptz,
  -- Evaluations only from students whose registration was checked in (submissions.attended_at),
  -- matched by student number: evaluations carry no other link to the person
  -- (private.check_new_submission answers not_attended).
  evaluation_attendees_only boolean not null default false,
  photo_path text not null check (photo_path ~ '^events/.+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Dates staff enter are real dates ('infinity' reads as "Invalid date" on the site).
  constraint events_starts_at_finite check (isfinite(starts_at)),
  constraint events_registration_deadline_before_start check (
    registration_deadline is null or (isfinite(registration_deadline) and registration_deadline < starts_at)
  )
);
create index events_starts_at_idx on public.events (starts_at);

-- Computed field: `select=*,is_past` and `is_past=is.false` through PostgREST. Derived at
-- read time, so an event becomes past without anyone saving it.
create function public.is_past(event public.events)
returns boolean
language sql
stable
set search_path = ''
as $$
  select event.starts_at < now()
$$;
grant execute on function public.is_past(public.events) to anon, authenticated;

-- Computed field `places_left` (`select=id,places_left`): defined with the submissions it
-- counts (20261122080400_submissions.sql).

create table public.board_members (
  id uuid primary key default gen_random_uuid(),
  name jsonb not null check (private.is_localized(name)),
  title jsonb not null check (private.is_localized(title)),
  bio jsonb not null check (private.is_localized(bio)),
  role public.board_role not null,
  sort_order integer not null default 0 check (sort_order >= 0),
  gender public.gender not null,
  photo_path text check (photo_path is null or photo_path ~ '^board-members/.+$'),
  linkedin_url text check (private.is_https_url(linkedin_url)),
  twitter_url text check (private.is_https_url(twitter_url)),
  instagram_url text check (private.is_https_url(instagram_url)),
  facebook_url text check (private.is_https_url(facebook_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index board_members_sort_order_idx on public.board_members (sort_order);
create index board_members_role_idx on public.board_members (role);

create table public.books (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null check (private.is_localized(title)),
  author jsonb not null check (private.is_localized(author)),
  description jsonb not null check (private.is_localized(description)),
  available boolean not null default true,
  cover_path text check (cover_path is null or cover_path ~ '^books/.+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index books_available_idx on public.books (available);
create index books_created_at_idx on public.books (created_at);

create table public.achievements (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null check (private.is_localized(title)),
  description jsonb not null check (private.is_localized(description)),
  achieved_on date not null,
  photo_path text not null check (photo_path ~ '^achievements/.+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint achievements_achieved_on_finite check (isfinite(achieved_on))
);
create index achievements_achieved_on_idx on public.achievements (achieved_on);

create table public.statistics (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null check (private.is_localized(title)),
  value integer not null check (value >= 0),
  icon public.statistic_icon not null default 'users',
  sort_order integer not null default 0 check (sort_order >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index statistics_sort_order_idx on public.statistics (sort_order);

-- Run-time overrides of the public site's built-in texts. Deleting a row restores the
-- built-in text. A given language is non-empty text that is not blank (in Unicode), at least
-- one is given, and the key of a row never changes (delete and insert instead).
create table public.translations (
  key text primary key check (key ~ '^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$' and length(key) <= 200),
  en text check (en is null or length(en) <= 10000),
  ar text check (ar is null or length(ar) <= 10000),
  tr text check (tr is null or length(tr) <= 10000),
  updated_at timestamptz not null default now(),
  constraint translations_non_empty check (
    (en is null or btrim(en) <> '') and (ar is null or btrim(ar) <> '') and (tr is null or btrim(tr) <> '')
    and coalesce(en, ar, tr) is not null
  ),
  constraint translations_not_blank check (
    (en is null or not private.is_blank(en)) and (ar is null or not private.is_blank(ar)) and (tr is null or not private.is_blank(tr))
  )
);

create function private.keep_translation_key()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.key is distinct from old.key then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  return new;
end;
$$;

create trigger keep_translation_key before update on public.translations
  for each row execute function private.keep_translation_key();

-- Site settings, one row per key:
--   footerAddress, footerEmail, footerPhone   text;
--   footerFacebook, footerTwitter, footerInstagram, footerLinkedIn, footerYouTube
--                              footer social links, rendered as links on the public site:
--                              empty, or an https URL;
--   allStudentsCanBorrow       a boolean: loans without a check against the students register;
--   mapLocation                the contact page's map: the text "latitude, longitude" in
--                              decimal degrees (e.g. "40.2262, 28.8724", as map apps copy
--                              it), or '' for no map;
--   submissionRetentionMonths  a form is deleted this long after its event, the decision on it
--                              or (loans) the book's return, whichever is latest;
--   auditRetentionMonths       an audit entry loses its personal data this long after the change.
-- The two retention keys are whole months from 1 to 120 (the defaults are
-- DEFAULT_RETENTION_MONTHS in shared/src/constants.ts; a test checks they agree; their rows are
-- inserted by 20261122080600_privacy.sql); every other value is text of at most 500 characters.
create table public.settings (
  key text primary key check (key in (
    'footerAddress', 'footerEmail', 'footerPhone', 'footerFacebook', 'footerTwitter',
    'footerInstagram', 'footerLinkedIn', 'footerYouTube', 'allStudentsCanBorrow', 'mapLocation',
    'submissionRetentionMonths', 'auditRetentionMonths'
  )),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  -- CASE, so the integer cast only ever sees one to three digits (a bad value is 23514, never a
  -- cast error).
  constraint settings_value_type check (
    case
      when key = 'allStudentsCanBorrow' then jsonb_typeof(value) = 'boolean'
      when key in ('submissionRetentionMonths', 'auditRetentionMonths') then
        case when jsonb_typeof(value) = 'number' and value::text ~ '^[0-9]{1,3}$'
             then value::text::integer between 1 and 120
             else false end
      else jsonb_typeof(value) = 'string' and length(value #>> '{}') <= 500
    end
  ),
  constraint settings_links_https check (
    key not in ('footerFacebook', 'footerTwitter', 'footerInstagram', 'footerLinkedIn', 'footerYouTube')
    or value = '""'::jsonb
    or (jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^https://[^\s/$.?#][^\s]*$')
  ),
  -- The map location is strict: ASCII digits, '.' for decimals, an optional minus, one comma,
  -- spaces (U+0020 only) around the numbers; latitude in [-90, 90], longitude in [-180, 180].
  -- The console turns Arabic-Indic digits, the Arabic comma and "40.2° N, 28.8° E" into this
  -- form before saving (normalizeMapLocation in shared/src/map.ts), and parseMapLocation there
  -- accepts exactly this, so what is stored is always what the public site can read.
  -- Explicit [0-9] and ' ' rather than \d and \s: those classes follow the locale. At most three
  -- integer digits keeps the float8 cast in range; float8 (like a JS Number) rounds the same
  -- way on both sides, so the app and the database agree at the limits.
  -- CASE, not AND: SQL does not promise to evaluate AND left to right, and the casts must
  -- only ever see text that matched (a bad value is a check violation, 23514, never a cast
  -- error).
  constraint settings_map_location check (
    key <> 'mapLocation'
    or value = '""'::jsonb
    or case
      when jsonb_typeof(value) = 'string'
        and (value #>> '{}') ~ '^ *-?[0-9]{1,3}(\.[0-9]+)? *, *-?[0-9]{1,3}(\.[0-9]+)? *$'
      then split_part(value #>> '{}', ',', 1)::float8 between -90 and 90
        and split_part(value #>> '{}', ',', 2)::float8 between -180 and 180
      else false
    end
  )
);

-- Timestamps
create trigger set_timestamps before insert or update on public.events
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.board_members
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.books
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.achievements
  for each row execute function private.set_timestamps();
create trigger set_timestamps before insert or update on public.statistics
  for each row execute function private.set_timestamps();
create trigger touch_updated_at before insert or update on public.translations
  for each row execute function private.touch_updated_at();
create trigger touch_updated_at before insert or update on public.settings
  for each row execute function private.touch_updated_at();

-- Row-level security
alter table public.events enable row level security;
alter table public.board_members enable row level security;
alter table public.books enable row level security;
alter table public.achievements enable row level security;
alter table public.statistics enable row level security;
alter table public.translations enable row level security;
alter table public.settings enable row level security;

do $$
declare
  t text;
begin
  foreach t in array array['events', 'board_members', 'books', 'achievements', 'statistics', 'settings'] loop
    execute format('create policy "everyone reads" on public.%I for select to anon, authenticated using (true)', t);
    execute format('create policy "staff insert" on public.%I for insert to authenticated with check ((select private.is_staff()))', t);
    execute format('create policy "staff update" on public.%I for update to authenticated using ((select private.is_staff())) with check ((select private.is_staff()))', t);
    execute format('create policy "superadmins delete" on public.%I for delete to authenticated using ((select private.is_superadmin()))', t);
  end loop;
end;
$$;

-- Translations: any staff member may also delete (deleting an override restores the
-- built-in text; it removes no content).
create policy "everyone reads" on public.translations for select to anon, authenticated using (true);
create policy "staff insert" on public.translations for insert to authenticated with check ((select private.is_staff()));
create policy "staff update" on public.translations for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "staff delete" on public.translations for delete to authenticated using ((select private.is_staff()));

-- How long personal data is kept is the union's decision as data controller: superadmins only.
-- Restrictive, so it narrows the "staff insert/update" policies instead of widening them.
create policy "retention by superadmins" on public.settings as restrictive for all to authenticated
  using (key not in ('submissionRetentionMonths', 'auditRetentionMonths') or (select private.is_superadmin()))
  with check (key not in ('submissionRetentionMonths', 'auditRetentionMonths') or (select private.is_superadmin()));

-- Privileges: everyone reads; staff write (the policies above decide who).
grant select on public.events, public.board_members, public.books, public.achievements,
  public.statistics, public.translations, public.settings to anon, authenticated;
grant insert, update, delete on public.events, public.board_members, public.books,
  public.achievements, public.statistics, public.translations, public.settings to authenticated;
