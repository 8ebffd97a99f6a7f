-- Public content: visitors read; staff (editors and superadmins) insert and update;
-- only superadmins delete. One permissive policy per role and action (linter rule
-- multiple_permissive_policies), helpers wrapped in (select …) so they run once per
-- statement (linter rule auth_rls_initplan).

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null check (private.is_localized(title)),
  description jsonb not null check (private.is_localized(description)),
  location jsonb not null check (private.is_localized(location)),
  starts_at timestamptz not null,
  registration_open boolean not null default true,
  photo_path text not null check (photo_path ~ '^events/.+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
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
  updated_at timestamptz not null default now()
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
-- built-in text.
create table public.translations (
  key text primary key check (key ~ '^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$' and length(key) <= 200),
  en text check (en is null or length(en) <= 10000),
  ar text check (ar is null or length(ar) <= 10000),
  tr text check (tr is null or length(tr) <= 10000),
  updated_at timestamptz not null default now()
);

create table public.settings (
  key text primary key check (key in (
    'footerAddress', 'footerEmail', 'footerPhone', 'footerFacebook', 'footerTwitter',
    'footerInstagram', 'footerLinkedIn', 'footerYouTube', 'allStudentsCanBorrow'
  )),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  constraint settings_value_type check (
    case when key = 'allStudentsCanBorrow' then jsonb_typeof(value) = 'boolean'
         else jsonb_typeof(value) = 'string' and length(value #>> '{}') <= 500 end
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
