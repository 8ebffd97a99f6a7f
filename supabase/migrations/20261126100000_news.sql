-- News (docs/data-model.md, "news"): statements, announcements, results, written in three
-- languages. A draft may be unfinished; a published item has all three languages and a
-- publication time. Visitors see an item only once it is published and its time has come: the
-- row-level security below decides, so no path (the REST API, an embed, a feed built from it)
-- shows a draft or a scheduled item early.

create type public.news_status as enum ('draft', 'published');

-- A draft's localized text: an object with some of en/ar/tr, each a string (possibly empty).
-- Publishing asks for private.is_localized (all three, none blank).
create function private.is_partly_localized(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
    and jsonb_typeof(value) = 'object'
    and not exists (
      select 1 from jsonb_each(value) e(k, v) where e.k not in ('en', 'ar', 'tr') or jsonb_typeof(e.v) <> 'string'
    )
$$;
grant execute on function private.is_partly_localized(jsonb) to authenticated, service_role;

create table public.news (
  id uuid primary key default gen_random_uuid(),
  title jsonb not null default '{}' check (private.is_partly_localized(title) and length(title::text) <= 2000),
  summary jsonb not null default '{}' check (private.is_partly_localized(summary) and length(summary::text) <= 5000),
  -- HTML from the console's rich-text editor, as typed. It is never trusted: the public site and
  -- the console's preview pass it through the allow-list sanitiser (shared/src/richText.ts)
  -- before it reaches a page.
  body jsonb not null default '{}' check (private.is_partly_localized(body) and length(body::text) <= 300000),
  cover_path text check (cover_path is null or cover_path ~ '^news/.+$'),
  cover_alt jsonb not null default '{}' check (private.is_partly_localized(cover_alt) and length(cover_alt::text) <= 2000),
  status public.news_status not null default 'draft',
  -- When visitors may see it: now or later (scheduled). Set to now() when an item is published
  -- without a time.
  publish_at timestamptz check (publish_at is null or isfinite(publish_at)),
  pinned boolean not null default false,
  -- The staff member who wrote it (shown in the console only: staff addresses are not public).
  author_id uuid default auth.uid() references public.staff (user_id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Unfinished translations never go public (a cover's alt text included).
  constraint news_complete check (
    status = 'draft' or (
      publish_at is not null
      and private.is_localized(title)
      and private.is_localized(summary)
      and private.is_localized(body)
      and (cover_path is null or private.is_localized(cover_alt))
    )
  )
);
create index news_listing_idx on public.news (pinned desc, publish_at desc) where status = 'published';
create index news_author_idx on public.news (author_id);

-- "Publish now": published without a time means from this moment.
create function private.news_publish_time()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'published' and new.publish_at is null then
    new.publish_at := now();
  end if;
  return new;
end;
$$;
-- Runs before the check constraint, so "published, no time" is completed, not refused.
create trigger news_publish_time before insert or update on public.news
  for each row execute function private.news_publish_time();
create trigger set_timestamps before insert or update on public.news
  for each row execute function private.set_timestamps();
create trigger write_audit_log after insert or update or delete on public.news
  for each row execute function private.write_audit_log();
create trigger request_publish after insert or update or delete on public.news
  for each row execute function private.record_publish_change('id');

alter table public.news enable row level security;
-- Visitors: published items whose time has come. Signed-in users see the same, staff see all
-- (drafts, scheduled): one policy per role and action (linter rule multiple_permissive_policies).
create policy "visitors read published" on public.news for select to anon
  using (status = 'published' and publish_at <= now());
create policy "staff read all, others published" on public.news for select to authenticated
  using ((status = 'published' and publish_at <= now()) or (select private.is_staff()));
create policy "staff insert" on public.news for insert to authenticated with check ((select private.is_staff()));
create policy "staff update" on public.news for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "superadmins delete" on public.news for delete to authenticated using ((select private.is_superadmin()));

grant select on public.news to anon, authenticated;
grant insert, update, delete on public.news to authenticated;

-- A scheduled item goes live at its time without anyone saving: the publish queue builds the
-- site then (current text of 20261125130000_publishing.sql plus the news line).
create or replace function private.publish_times()
returns setof timestamptz
language sql
stable
set search_path = ''
as $$
  select e.starts_at from public.events e
  union all
  select e.registration_deadline from public.events e where e.registration_deadline is not null
  union all
  select n.publish_at from public.news n where n.status = 'published' and n.publish_at is not null
$$;

-- A news cover belongs to its item like the other content images (20261125110000_image_rules_and_audit.sql).
create or replace function private.image_in_use(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from (
        select photo_path as path from public.events
        union all select photo_path from public.board_members
        union all select cover_path from public.books
        union all select photo_path from public.achievements
        union all select cover_path from public.news
      ) used
     where used.path is not null
       and private.image_stem(used.path) = private.image_stem(name)
  )
$$;

-- The image folders grow by `news` (shared/src/constants.ts, IMAGE_FOLDERS).
drop policy "staff upload images" on storage.objects;
create policy "staff upload images" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.is_staff())
  );

drop policy "staff update images" on storage.objects;
create policy "staff update images" on storage.objects for update to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.may_change_image(name))
  )
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.may_change_image(name))
  );

drop policy "staff delete images" on storage.objects;
create policy "staff delete images" on storage.objects for delete to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.may_change_image(name))
  );
