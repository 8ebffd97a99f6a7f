-- The union's tokens, and the publish hook's answer (docs/data-model.md "credentials",
-- docs/operations.md "Publishing").
--
-- Tokens: the Supabase access token, the Cloudflare API token, the publish hook's token and the
-- SMTP password each belong to a person and most expire by design; nothing said so until
-- publishing stopped. `public.credentials` lists them with their holder and expiry, in one place
-- the console reads (the dashboard warns 30 days ahead, the Handover page links to it). It never
-- holds a secret itself: the values live in Vault, the repository's secrets and the providers.
create table public.credentials (
  key text primary key
    check (key in ('supabase_access_token', 'cloudflare_api_token', 'publish_hook_token', 'smtp_password')),
  -- A person's name, free text: who created the token and can renew it.
  holder text check (
    holder is null
    or (holder = btrim(holder) and length(holder) between 1 and 200 and not private.is_blank(holder))
  ),
  -- The last day the token works. A typo such as the year 20227 is refused: the range every
  -- date of the union has (2000 to 2100), named as the console reads a date's refusal.
  expires_on date constraint credentials_expires_on_in_range check (private.date_in_range(expires_on)),
  note text check (note is null or (length(note) <= 1000 and not private.is_blank(note))),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Once a holder is recorded, so is the expiry, except for the SMTP password (which may never expire).
  constraint credentials_expiry_recorded check (holder is null or expires_on is not null or key = 'smtp_password')
);
insert into public.credentials (key) values
  ('supabase_access_token'), ('cloudflare_api_token'), ('publish_hook_token'), ('smtp_password');

create trigger set_timestamps before insert or update on public.credentials
  for each row execute function private.set_timestamps();

-- The four rows are the list: a row's key never changes (not even by the service role).
create function private.guard_credential_key()
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
create trigger guard_key before update on public.credentials
  for each row execute function private.guard_credential_key();

-- Superadmins only, as the students register: who holds which token is theirs to know and keep.
alter table public.credentials enable row level security;
create policy "superadmins read" on public.credentials for select to authenticated
  using ((select private.is_superadmin()));
create policy "superadmins update" on public.credentials for update to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));
grant select, update on public.credentials to authenticated;

create trigger write_audit_log after insert or update or delete on public.credentials
  for each row execute function private.write_audit_log();
select private.track_version('public.credentials');
select private.keep_history('public.credentials', 'superadmins');

-- The hook's answer. pg_net sends asynchronously: net.http_post returns a request id at once and
-- the answer lands later in net._http_response (kept for 6 hours). A build remembers its request,
-- and the cron job reads the answer on its next run, so a refused token fails the build within
-- seconds (hook_refused), not after the build timeout's half hour (no_report).
alter table private.publish_builds add column hook_request_id bigint;

-- A hook's answer as a build's failure reason, or null when the hook took the request (2xx).
create function private.hook_failure(status_code integer, timed_out boolean, error_msg text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when status_code between 200 and 299 then null
    when status_code in (401, 403) then 'hook_refused'
    when status_code = 404 then 'hook_not_found'
    when status_code is not null then 'hook_http_' || status_code
    -- No status: the request never got an answer (timed out, or no connection).
    when coalesce(timed_out, false) or error_msg is not null then 'hook_unreachable'
  end
$$;

-- Fails the running build whose hook request was answered with a refusal, giving its changes
-- back (as report_publish does; a superadmin's new "Publish now" retries at once). Returns the number of builds failed. Nothing without pg_net.
create function private.read_publish_hook_answers()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  b record;
  answered boolean;
  status_code integer;
  timed_out boolean;
  error_msg text;
  reason text;
  failed integer := 0;
begin
  if to_regclass('net._http_response') is null then
    return 0;
  end if;
  for b in
    select pb.id, pb.hook_request_id from private.publish_builds pb
     where pb.state = 'running' and pb.hook_request_id is not null
  loop
    -- No row (nulls): not answered yet, the next run looks again.
    execute 'select true, r.status_code, r.timed_out, r.error_msg from net._http_response r where r.id = $1'
      into answered, status_code, timed_out, error_msg using b.hook_request_id;
    continue when answered is null;
    reason := private.hook_failure(status_code, timed_out, error_msg);
    continue when reason is null;
    update private.publish_builds pb set state = 'failed', finished_at = now(), error = reason
     where pb.id = b.id and pb.state = 'running';
    if found then
      -- Its changes wait for the next build, which waits a ceiling even after "Publish now":
      -- a refused token would otherwise be sent again every 20 seconds.
      update private.publish_changes c set build_id = null, urgent = false where c.build_id = b.id;
      failed := failed + 1;
    end if;
  end loop;
  return failed;
end;
$$;

-- As in 20261125130000_publishing.sql, and: reads the last request's answer first, and records
-- the new request's id on its build.
create or replace function private.dispatch_publish()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook_url text;
  hook_token text;
  build uuid;
  request_id bigint;
  headers jsonb := '{"Content-Type": "application/json", "Accept": "application/vnd.github+json", "User-Agent": "union-publisher"}';
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  perform private.read_publish_hook_answers();
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
    into request_id
    using hook_url,
          jsonb_build_object('ref', 'main', 'inputs', jsonb_build_object('build_id', build)),
          headers;
  update private.publish_builds set hook_request_id = request_id where id = build;
  return build;
end;
$$;
