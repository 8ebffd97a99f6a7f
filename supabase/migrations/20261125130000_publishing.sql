-- Publishing (docs/operations.md, "Publishing"): the public site is prerendered HTML, so a change
-- to public content must lead to a new build of the site. Every change is recorded here in the
-- transaction that makes it; a build is started once the changes have settled (a debounce, with a
-- ceiling so that a busy evening still publishes every few minutes), or at once when a
-- superadmin asks, or when an event turns past. The build reports back whether the site is live.
--
-- Who starts the build: on hosted, the Supabase Cron job below calls the build hook with pg_net
-- (its address in Vault); locally, the stack's publisher (supabase/local-stack/src/publisher.ts)
-- claims the build and prerenders the site itself. Both go through private.claim_publish().

-- How long changes settle before a build, and the most a change waits while others keep coming.
-- One row; the local stack shortens the debounce so that its 15-second budget holds.
create table private.publish_settings (
  only_row boolean primary key default true check (only_row),
  debounce interval not null default interval '60 seconds',
  ceiling interval not null default interval '5 minutes',
  -- A build that has not reported after this long is taken as failed (so the queue never sticks).
  build_timeout interval not null default interval '30 minutes',
  constraint publish_settings_sane check (
    debounce >= interval '0' and ceiling >= debounce and build_timeout > interval '0'
  )
);
insert into private.publish_settings default values;

-- One row per build: running, then live or failed (with the reason the build gave).
create table private.publish_builds (
  id uuid primary key default gen_random_uuid(),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  state text not null default 'running' check (state in ('running', 'live', 'failed')),
  error text check (error is null or length(error) <= 2000),
  constraint publish_builds_finished check ((state = 'running') = (finished_at is null))
);
-- At most one build at a time.
create unique index publish_builds_one_running on private.publish_builds ((true)) where state = 'running';
create index publish_builds_finished_at_idx on private.publish_builds (finished_at);

-- What changed, written by the triggers below in the same transaction as the change. A change
-- waits (build_id null) until a build takes it; a failed build gives its changes back.
create table private.publish_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  -- The table (events, books, …), or 'publish_now' for a superadmin's request.
  content text not null,
  operation text not null check (operation in ('INSERT', 'UPDATE', 'DELETE', 'REQUEST')),
  row_key text,
  -- A deleted event's start: the calendar feeds mark it cancelled until then.
  starts_at timestamptz,
  urgent boolean not null default false,
  build_id uuid references private.publish_builds (id) on delete set null
);
create index publish_changes_waiting_idx on private.publish_changes (changed_at) where build_id is null;
create index publish_changes_build_idx on private.publish_changes (build_id);
create index publish_changes_deleted_events_idx on private.publish_changes (starts_at)
  where content = 'events' and operation = 'DELETE';

alter table private.publish_settings enable row level security;
alter table private.publish_builds enable row level security;
alter table private.publish_changes enable row level security;

-- The trigger of every public content table. Its argument is the table's key column.
create function private.record_publish_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_data jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
begin
  insert into private.publish_changes (content, operation, row_key, starts_at)
  values (
    tg_table_name,
    tg_op,
    row_data ->> coalesce(tg_argv[0], 'id'),
    case when tg_table_name = 'events' and tg_op = 'DELETE' then (row_data ->> 'starts_at')::timestamptz end
  );
  return null;
end;
$$;

-- Every public content table. A new content type joins with one line (docs/adding-a-content-type.md):
--   create trigger request_publish after insert or update or delete on public.<table>
--     for each row execute function private.record_publish_change('<key column>');
create trigger request_publish after insert or update or delete on public.events
  for each row execute function private.record_publish_change('id');
create trigger request_publish after insert or update or delete on public.board_members
  for each row execute function private.record_publish_change('id');
create trigger request_publish after insert or update or delete on public.books
  for each row execute function private.record_publish_change('id');
create trigger request_publish after insert or update or delete on public.achievements
  for each row execute function private.record_publish_change('id');
create trigger request_publish after insert or update or delete on public.statistics
  for each row execute function private.record_publish_change('id');
create trigger request_publish after insert or update or delete on public.settings
  for each row execute function private.record_publish_change('key');
create trigger request_publish after insert or update or delete on public.translations
  for each row execute function private.record_publish_change('key');

-- Times at which the site changes without anyone saving: an event turning past moves it from
-- the upcoming lists to the past ones (and closes its registration). A content type with a
-- publication time adds a `union all` line here.
create function private.publish_times()
returns setof timestamptz
language sql
stable
set search_path = ''
as $$
  select e.starts_at from public.events e
  union all
  select e.registration_deadline from public.events e where e.registration_deadline is not null
$$;

-- Is a build due now? No build running, and: a superadmin asked; or changes have waited a
-- debounce since the last one, or a ceiling since the first; or a publication time has passed
-- since the last live build read the content. After a failed build, the next try waits a
-- ceiling (unless a superadmin asks), so a broken build is not restarted every minute.
create function private.publish_due(as_of timestamptz default now())
returns boolean
language sql
stable
set search_path = ''
as $$
  with s as (select * from private.publish_settings),
  waiting as (
    select min(c.changed_at) as first_at, max(c.changed_at) as last_at, bool_or(c.urgent) as urgent
      from private.publish_changes c where c.build_id is null
  ),
  last_live as (select max(b.started_at) as started_at from private.publish_builds b where b.state = 'live'),
  last_done as (
    select b.state, b.finished_at from private.publish_builds b where b.state <> 'running'
     order by b.finished_at desc limit 1
  )
  select not exists (select 1 from private.publish_builds b where b.state = 'running')
    and (
      coalesce((select urgent from waiting), false)
      or (
        not exists (select 1 from last_done d, s where d.state = 'failed' and d.finished_at + s.ceiling > as_of)
        and (
          exists (
            select 1 from waiting w, s
             where w.last_at is not null
               and (as_of - w.last_at >= s.debounce or as_of - w.first_at >= s.ceiling)
          )
          or exists (
            select 1 from private.publish_times() t(at), last_live l
             where t.at > coalesce(l.started_at, '-infinity') and t.at <= as_of
          )
        )
      )
    )
$$;

-- Starts a build when one is due: returns its id (the waiting changes are now its own), or
-- null. A build that never reported is closed as failed first. Old history is pruned.
create function private.claim_publish()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  build uuid;
begin
  -- One claim at a time (the cron job and a superadmin's request may meet).
  perform pg_advisory_xact_lock(hashtext('private.claim_publish'));
  with stale as (
    update private.publish_builds b set state = 'failed', finished_at = now(), error = 'no_report'
      from private.publish_settings s
     where b.state = 'running' and b.started_at + s.build_timeout <= now()
    returning b.id
  )
  update private.publish_changes c set build_id = null from stale where c.build_id = stale.id;

  if not private.publish_due() then
    return null;
  end if;
  insert into private.publish_builds default values returning id into build;
  update private.publish_changes set build_id = build where build_id is null;

  -- History: builds of the last 90 days; published changes of the last 30, but a deleted
  -- event's row until its start (the feeds mark it cancelled until then).
  delete from private.publish_builds b where b.finished_at < now() - interval '90 days';
  delete from private.publish_changes c
   where c.build_id is not null and c.changed_at < now() - interval '30 days'
     and not (c.content = 'events' and c.operation = 'DELETE' and c.starts_at > now());
  return build;
end;
$$;

-- The build reports how it went: live (error null) or failed with its reason. Only the build
-- may call it (the service role's key is a secret of the build's workflow); visitors and staff
-- cannot. Without an id, it is about the running build (a host's deploy hook passes no id).
create function public.report_publish(build_id uuid default null, error text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  finished private.publish_builds;
begin
  update private.publish_builds b
     set state = case when report_publish.error is null then 'live' else 'failed' end,
         finished_at = now(),
         error = left(report_publish.error, 2000)
   where b.state = 'running' and (report_publish.build_id is null or b.id = report_publish.build_id)
  returning b.* into finished;
  if finished.id is null then
    raise exception using errcode = 'P0001', message = 'build_not_running';
  end if;
  if finished.state = 'failed' then
    -- Its changes wait for the next build.
    update private.publish_changes c set build_id = null where c.build_id = finished.id;
  end if;
  return finished.state;
end;
$$;
revoke execute on function public.report_publish(uuid, text) from public, anon, authenticated;
grant execute on function public.report_publish(uuid, text) to service_role;

-- "Publish now" in the console: superadmins only (editors' changes are published by themselves).
create function public.publish_now()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_superadmin() then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  insert into private.publish_changes (content, operation, urgent) values ('publish_now', 'REQUEST', true);
end;
$$;
revoke execute on function public.publish_now() from public, anon;
grant execute on function public.publish_now() to authenticated;

-- The public site's state for the console: staff only.
--   state: publishing (a build runs), failed (the last build failed; its changes wait),
--          waiting (changes or a publication time wait for a build), up_to_date.
create function public.publish_status()
returns table (
  state text,
  waiting_since timestamptz,
  waiting_changes integer,
  building_since timestamptz,
  last_published_at timestamptz,
  last_failed_at timestamptz,
  last_error text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  running private.publish_builds;
  last_done private.publish_builds;
  first_waiting timestamptz;
  changes integer;
  scheduled timestamptz;
begin
  if not private.is_staff() then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  select * into running from private.publish_builds b where b.state = 'running';
  select * into last_done from private.publish_builds b where b.state <> 'running' order by b.finished_at desc limit 1;
  select min(c.changed_at), count(*) into first_waiting, changes from private.publish_changes c where c.build_id is null;
  select min(t.at) into scheduled from private.publish_times() t(at)
   where t.at > coalesce((select max(b.started_at) from private.publish_builds b where b.state = 'live'), '-infinity')
     and t.at <= now();
  return query select
    case
      when running.id is not null then 'publishing'
      when last_done.state = 'failed' then 'failed'
      when changes > 0 or scheduled is not null then 'waiting'
      else 'up_to_date'
    end,
    least(first_waiting, scheduled),
    changes,
    running.started_at,
    (select max(b.finished_at) from private.publish_builds b where b.state = 'live'),
    (select max(b.finished_at) from private.publish_builds b where b.state = 'failed'),
    case when last_done.state = 'failed' then last_done.error end;
end;
$$;
revoke execute on function public.publish_status() from public, anon;
grant execute on function public.publish_status() to authenticated;

-- Events deleted before their start, for the calendar feeds: a subscribed calendar then shows
-- them cancelled instead of keeping them. Only the id and the times: no deleted text is served.
create function public.cancelled_events()
returns table (id uuid, starts_at timestamptz, cancelled_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct on (c.row_key) c.row_key::uuid, c.starts_at, c.changed_at
    from private.publish_changes c
   where c.content = 'events' and c.operation = 'DELETE' and c.starts_at > now()
     and not exists (select 1 from public.events e where e.id::text = c.row_key)
   order by c.row_key, c.changed_at desc
$$;
grant execute on function public.cancelled_events() to anon, authenticated;

-- Hosted: the build hook. Called by Supabase Cron every 20 seconds; starts a build when one is
-- due by calling the hook's URL with pg_net. The URL (and a token, when the hook needs one) live
-- in Vault as `publish_hook_url` and `publish_hook_token` (docs/operations.md, "Publishing"):
-- never in a migration. Where pg_net, Vault or the URL are missing (the local stack, a project
-- not set up yet) it does nothing, and the changes wait.
create function private.dispatch_publish()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook_url text;
  hook_token text;
  build uuid;
  headers jsonb := '{"Content-Type": "application/json", "Accept": "application/vnd.github+json", "User-Agent": "union-publisher"}';
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'publish_hook_url'$q$ into hook_url;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'publish_hook_token'$q$ into hook_token;
  if nullif(btrim(hook_url), '') is null then
    return null;
  end if;
  build := private.claim_publish();
  if build is null then
    return null;
  end if;
  if nullif(btrim(hook_token), '') is not null then
    headers := headers || jsonb_build_object('Authorization', 'Bearer ' || hook_token);
  end if;
  -- GitHub's workflow_dispatch reads ref and inputs; a host's deploy hook ignores the body.
  execute 'select net.http_post(url := $1, body := $2, headers := $3)'
    using hook_url,
          jsonb_build_object('ref', 'main', 'inputs', jsonb_build_object('build_id', build)),
          headers;
  return build;
end;
$$;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('publish-site', '20 seconds', 'select private.dispatch_publish()');
  end if;
end;
$$;
