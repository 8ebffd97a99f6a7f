-- Staff rules, the students register and the audit log.

-- Staff (the table is in 20261122080100_enums_and_helpers.sql, beside the role helpers that
-- read it): staff read the list; superadmins change the role of others. Rows are created and
-- deleted by the admin-users Edge Function (service role). Nobody changes their own row.
alter table public.staff enable row level security;

create policy "staff read" on public.staff for select to authenticated using ((select private.is_staff()));
create policy "superadmins update" on public.staff for update to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));

grant select, update on public.staff to authenticated;

create function private.guard_staff()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_api_caller() then
    return coalesce(new, old);
  end if;
  if old.user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'own_account';
  end if;
  if tg_op = 'UPDATE' and (new.user_id <> old.user_id or new.email <> old.email
      or new.created_at <> old.created_at) then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  return coalesce(new, old);
end;
$$;

create trigger guard_staff before update or delete on public.staff
  for each row execute function private.guard_staff();

-- staff.email follows the auth account's email.
create function private.sync_staff_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is not null and btrim(new.email) <> '' then
    update public.staff set email = new.email
      where user_id = new.id and email is distinct from new.email;
  end if;
  return null;
end;
$$;

create trigger sync_staff_email after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.sync_staff_email();

-- Students register: personal data, superadmins only. Visitors learn yes/no through
-- public.is_known_student() (20261122080400_submissions.sql: every call counts against a
-- limit). Name and number are not blank in Unicode.
create table public.students (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  student_number text not null unique
    check (student_number = btrim(student_number) and student_number <> '' and length(student_number) <= 50),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint students_not_blank check (not private.is_blank(name) and not private.is_blank(student_number))
);
create index students_name_idx on public.students (name);

create trigger set_timestamps before insert or update on public.students
  for each row execute function private.set_timestamps();

alter table public.students enable row level security;
create policy "superadmins read" on public.students for select to authenticated using ((select private.is_superadmin()));
create policy "superadmins insert" on public.students for insert to authenticated with check ((select private.is_superadmin()));
create policy "superadmins update" on public.students for update to authenticated
  using ((select private.is_superadmin())) with check ((select private.is_superadmin()));
create policy "superadmins delete" on public.students for delete to authenticated using ((select private.is_superadmin()));

grant select, insert, update, delete on public.students to authenticated;

-- True only for an enabled student. Without a limit: the rules of submissions call it; what
-- API callers reach is the rate-limited private.check_known_student.
create function private.is_known_student(student_number text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.students s
    where s.student_number = btrim($1) and s.enabled
  )
$$;
grant execute on function private.is_known_student(text) to anon, authenticated, service_role;

-- Audit log: who changed what. Written only by the trigger below (as its owner), and by the
-- privacy functions (20261122080600_privacy.sql), which record erasures (ERASE) and retention
-- runs (RETENTION) as entries of their own, with counts only, and set anonymised_at when they
-- remove the personal data from an entry. Readable by superadmins; no API role may insert,
-- update or delete.
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  table_name text not null,
  row_id text,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE', 'ERASE', 'RETENTION')),
  before jsonb,
  after jsonb,
  anonymised_at timestamptz
);
create index audit_log_at_idx on public.audit_log (at);
create index audit_log_table_row_idx on public.audit_log (table_name, row_id);
create index audit_log_actor_idx on public.audit_log (actor_id);

alter table public.audit_log enable row level security;
create policy "superadmins read" on public.audit_log for select to authenticated using ((select private.is_superadmin()));

grant select on public.audit_log to authenticated;
-- The audit log is unchangeable through the API, also for the service role.
revoke insert, update, delete, truncate on public.audit_log from service_role;

-- The actor is the JWT's user. Writes the Edge Functions make with the service role on behalf
-- of a signed-in superadmin (admin-users) send the verified caller's id in the request header
-- x-audit-actor; it is honoured only for the service role, which is trusted anyway.
create function private.write_audit_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  row_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  any_row jsonb := coalesce(row_after, row_before);
  actor uuid := auth.uid();
  actor_email text := auth.jwt() ->> 'email';
  header_actor text;
begin
  if actor is null and coalesce(current_setting('role', true), '') = 'service_role' then
    header_actor := nullif(current_setting('request.headers', true), '')::json ->> 'x-audit-actor';
    if header_actor ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
      actor := header_actor::uuid;
    end if;
  end if;
  if actor_email is null and actor is not null then
    actor_email := coalesce(
      (select s.email from public.staff s where s.user_id = actor),
      (select u.email from auth.users u where u.id = actor)
    );
  end if;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, before, after)
  values (
    actor,
    actor_email,
    tg_table_name,
    coalesce(any_row ->> 'id', any_row ->> 'key', any_row ->> 'user_id'),
    tg_op,
    row_before,
    row_after
  );
  return null;
end;
$$;

-- Every audited table but submissions, whose trigger is created with it
-- (20261122080400_submissions.sql).
do $$
declare
  t text;
begin
  foreach t in array array['events', 'board_members', 'books', 'achievements', 'statistics',
                           'translations', 'settings', 'staff', 'students'] loop
    execute format('create trigger write_audit_log after insert or update or delete on public.%I
                    for each row execute function private.write_audit_log()', t);
  end loop;
end;
$$;
