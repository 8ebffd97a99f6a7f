-- What a Supabase database has before any migration, for plain PostgreSQL 17.
-- Sources: supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql,
-- 00000000000003-post-setup.sql, and the auth helpers of supabase/auth (see CONTRACT.md,
-- "Database"). Applied once, on a fresh database, by the local stack (as `postgres`, still a
-- superuser here: 90-demote-postgres.admin.sql takes that away at the end); it is NOT a
-- migration (a hosted project already has all of it).

-- Stub roles that pg_dump output and Supabase migrations reference (supabase_admin, the
-- cluster's superuser, exists already: initdb made it).
create role supabase_auth_admin nologin noinherit createrole;
create role supabase_storage_admin nologin noinherit createrole;
create role dashboard_user nologin createrole createdb replication;

-- API roles.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
-- 20230529180330_alter_api_roles_for_inherit.sql
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
-- 20230201083204_grant_auth_roles_to_postgres.sql
grant anon, authenticated, service_role to postgres;
-- Not supabase_auth_admin or supabase_storage_admin: hosted projects no longer make postgres a
-- member of the roles that own the auth and storage tables (see 90-demote-postgres.admin.sql).

-- Timeouts as on a hosted project.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- Schemas.
create schema if not exists extensions;
create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, postgres;
grant all on schema storage to supabase_storage_admin, postgres;
grant usage on schema public, extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;

-- Extensions live in `extensions`, as on Supabase.
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- search_path (00000000000003-post-setup.sql).
alter role postgres set search_path = "$user", public, extensions;
alter role anon set search_path = "$user", public, extensions;
alter role authenticated set search_path = "$user", public, extensions;
alter role service_role set search_path = "$user", public, extensions;
alter role authenticator set search_path = "$user", public, extensions;
alter database postgres set search_path = "$user", public, extensions;

-- PostgREST exposes `public` only (no pg_graphql here); the linter reads this setting.
alter database postgres set pgrst.db_schemas = 'public';

-- Auth helper functions, exactly as supabase/auth migrations 20220224000811 / 20220531120530.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to public, anon, authenticated, service_role;

-- Supabase's default grants: objects postgres creates in public are reachable by the API
-- roles; row-level security decides the rest.
grant all on all tables in schema public to postgres, anon, authenticated, service_role;
grant all on all sequences in schema public to postgres, anon, authenticated, service_role;
grant all on all functions in schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;

alter default privileges for role postgres in schema extensions
  grant all on tables to postgres, dashboard_user;
alter default privileges for role postgres in schema extensions
  grant all on sequences to postgres, dashboard_user;
alter default privileges for role postgres in schema extensions
  grant all on functions to postgres, dashboard_user;
grant usage on all sequences in schema extensions to anon, authenticated, service_role;
grant execute on all functions in schema extensions to anon, authenticated, service_role;
