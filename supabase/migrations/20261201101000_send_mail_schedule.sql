-- The mail drain scheduled by a migration, as the nightly image purge is
-- (20261127100000_deleted_restore.sql): Supabase Cron calls the Edge Function send-mail every
-- minute with pg_net, reading the project's URL and service key from Vault at run time. Until
-- then docs/mail.md had the operator paste the cron.schedule call, which on a new project failed
-- before the first release had enabled pg_cron. Now no step depends on another's order: the
-- secrets may be stored before or after the release, and the job does nothing until they are.
-- A job of the same name scheduled by hand is replaced (cron.schedule updates it by name).
--
-- One dispatcher for both jobs: where pg_net, Vault or either secret (`project_url`,
-- `service_role_key`) is missing it calls nothing, returns false and says why in the database's
-- log (RAISE LOG: Logs → Postgres on a hosted project; never shown to a client). The local stack
-- has none of them and drains the queue itself (supabase/local-stack/src/mail-jobs.ts), as it
-- runs the purge after its retention run.
create function private.dispatch_function(function_name text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    raise log 'dispatch %: not called: pg_net or Vault is not installed', function_name;
    return false;
  end if;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$q$ into project_url;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$q$ into service_key;
  if nullif(btrim(project_url), '') is null or nullif(btrim(service_key), '') is null then
    raise log 'dispatch %: not called: the Vault secrets project_url and service_role_key are not both set (docs/mail.md)', function_name;
    return false;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 60000)'
    using rtrim(project_url, '/') || '/functions/v1/' || function_name, '{}'::jsonb,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  return true;
end;
$$;

create or replace function private.dispatch_image_purge()
returns boolean
language sql
security definer
set search_path = ''
as $$
  select private.dispatch_function('purge-images')
$$;

create function private.dispatch_send_mail()
returns boolean
language sql
security definer
set search_path = ''
as $$
  select private.dispatch_function('send-mail')
$$;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('send-mail', '* * * * *', 'select private.dispatch_send_mail()');
  end if;
end;
$$;
