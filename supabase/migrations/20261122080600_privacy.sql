-- Privacy (KVKK and GDPR): how long personal data is kept, and what a superadmin can do when a
-- person asks for a copy of their data or for its erasure. docs/privacy.md describes the data
-- and these rules for people; docs/permissions.md lists who may call what.

-- The two retention settings (public.settings, 20261122080200_content_tables.sql: their checks,
-- and the policy that lets only superadmins change them). Their rows exist on every project,
-- hosted ones included (the seed does not run there).
insert into public.settings (key, value) values
  ('submissionRetentionMonths', '12'),
  ('auditRetentionMonths', '12')
on conflict (key) do nothing;

create function private.retention_months(setting_key text)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((select (s.value #>> '{}')::integer from public.settings s where s.key = setting_key), 12)
$$;

-- Retention. Deletes the forms whose time is over, with the personal data of every audit entry
-- about them (the log records forms too: it must not keep what the table no longer does), and
-- strips the personal data (the row's before and after, who made the change) from all audit
-- entries older than their own limit; an entry keeps when, which table, which row and what kind
-- of change. A loan that is approved and not yet returned is kept whatever its age: the book is
-- still out. `as_of` is "now" (tests pass the moment they want). Supabase Cron runs it daily on
-- a hosted project (below); the local stack runs it on a timer.
create function private.apply_retention(as_of timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  submissions_cutoff timestamptz := as_of - make_interval(months => private.retention_months('submissionRetentionMonths'));
  audit_cutoff timestamptz := as_of - make_interval(months => private.retention_months('auditRetentionMonths'));
  deleted_ids text[];
  forms_entries integer;
  old_entries integer;
  counts jsonb;
begin
  with deleted as (
    delete from public.submissions s
    where not (s.type = 'book_loan' and s.status = 'approved' and s.returned_at is null)
      and greatest(
        s.created_at, s.reviewed_at, s.returned_at, s.attended_at, s.loan_date::timestamptz,
        (select e.starts_at from public.events e where e.id = s.event_id)
      ) < submissions_cutoff
    returning s.id::text
  )
  select coalesce(array_agg(id), '{}') into deleted_ids from deleted;

  -- Who reviewed a form is staff data: it stays until the audit limit below.
  update public.audit_log l
  set before = null, after = null, anonymised_at = coalesce(l.anonymised_at, as_of)
  where l.table_name = 'submissions' and l.row_id = any (deleted_ids)
    and (l.before is not null or l.after is not null);
  get diagnostics forms_entries = row_count;

  update public.audit_log l
  set before = null, after = null, actor_email = null, actor_id = null, anonymised_at = coalesce(l.anonymised_at, as_of)
  where l.at < audit_cutoff
    and (l.before is not null or l.after is not null or l.actor_email is not null or l.actor_id is not null);
  get diagnostics old_entries = row_count;

  -- The rate limits' bookkeeping (client addresses, hashed numbers and emails) looks back minutes;
  -- each attempt prunes it too, but a quiet site would otherwise keep the last ones.
  delete from private.submission_attempts a where a.at < as_of - interval '1 day';

  counts := jsonb_build_object('submissions', cardinality(deleted_ids), 'auditEntries', forms_entries + old_entries);
  if counts <> '{"submissions": 0, "auditEntries": 0}'::jsonb then
    insert into public.audit_log (table_name, action, after) values ('privacy', 'RETENTION', counts);
  end if;
  return counts;
end;
$$;

-- Supabase Cron (pg_cron) exists on hosted projects, not in the local stack's PostgreSQL. Installed
-- as Supabase's documentation says; a job with the same name replaces the old one.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('apply-retention', '17 3 * * *', 'select private.apply_retention()');
  end if;
end;
$$;

-- A person's data. `student_number` and `email` name the person (either or both; the email
-- is compared without case). What is stored about them: their forms (a contact message by its
-- email, every other form by its student number or email) and the mails about them, their record in the students
-- register, a staff account with that email, and the audit entries that hold their student
-- number or email (rows of forms, the register and staff) or that they made as staff.
create function private.person_filter(student_number text, email text)
returns table (number text, address text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  number := nullif(btrim(student_number), '');
  address := nullif(lower(btrim(email)), '');
  if number is null and address is null then
    raise exception using errcode = 'P0001', message = 'person_required';
  end if;
  return next;
end;
$$;

create function private.person_audit_ids(number text, address text)
returns setof bigint
language sql
stable
set search_path = ''
as $$
  select l.id from public.audit_log l
  where (l.table_name in ('students', 'submissions') and number is not null
         and number in (l.before ->> 'student_number', l.after ->> 'student_number'))
     or (l.table_name in ('staff', 'submissions') and address is not null
         and address in (lower(l.before ->> 'email'), lower(l.after ->> 'email')))
     or (address is not null and lower(l.actor_email) = address)
$$;

create function private.person_submission_ids(number text, address text)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select s.id from public.submissions s
  where (number is not null and s.student_number = number)
     or (address is not null and lower(s.email) = address)
$$;

create function public.person_data(student_number text default null, email text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person record;
begin
  if not private.is_superadmin() then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  select * into person from private.person_filter(student_number, email);
  return jsonb_build_object(
    'studentNumber', person.number,
    'email', person.address,
    'submissions', coalesce((
      select jsonb_agg(to_jsonb(s) - 'honeypot'
               || jsonb_build_object('event_title', e.title, 'book_title', b.title)
             order by s.created_at)
      from public.submissions s
      left join public.events e on e.id = s.event_id
      left join public.books b on b.id = s.book_id
      where s.id in (select private.person_submission_ids(person.number, person.address))), '[]'::jsonb),
    -- The mails about those forms (public.mail_outbox, 20261122080700_mail.sql): kind, state, errors.
    'mails', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id) from public.mail_outbox m
      where m.submission_id in (select private.person_submission_ids(person.number, person.address))), '[]'::jsonb),
    'students', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at) from public.students r
      where person.number is not null and r.student_number = person.number), '[]'::jsonb),
    'staff', coalesce((
      select jsonb_agg(jsonb_build_object('email', t.email, 'role', t.role, 'created_at', t.created_at))
      from public.staff t where person.address is not null and lower(t.email) = person.address), '[]'::jsonb),
    'audit', coalesce((
      select jsonb_agg(to_jsonb(l) order by l.at, l.id) from public.audit_log l
      where l.id in (select private.person_audit_ids(person.number, person.address))), '[]'::jsonb)
  );
end;
$$;

-- Erasure: deletes the person's forms and register record, and strips the personal data from the
-- audit entries about them (their rows' before and after; their name as the author of a
-- change), the entries written by these deletions included. A staff account is removed in the
-- console's staff accounts first (refused with `staff_account`), so nobody erases a colleague
-- who can still sign in. The erasure itself is an audit entry with counts only.
create function public.erase_person(student_number text default null, email text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person record;
  deleted_submissions integer;
  deleted_students integer;
  anonymised_entries integer;
  counts jsonb;
begin
  if not private.is_superadmin() then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  select * into person from private.person_filter(student_number, email);
  if person.address is not null and exists (select 1 from public.staff t where lower(t.email) = person.address) then
    raise exception using errcode = 'P0001', message = 'staff_account';
  end if;

  delete from public.submissions s where s.id in (select private.person_submission_ids(person.number, person.address));
  get diagnostics deleted_submissions = row_count;
  delete from public.students r where person.number is not null and r.student_number = person.number;
  get diagnostics deleted_students = row_count;

  -- After the deletes, so the entries they wrote lose their data too.
  update public.audit_log l
  set before = case when l.table_name in ('students', 'staff', 'submissions') then null else l.before end,
      after = case when l.table_name in ('students', 'staff', 'submissions') then null else l.after end,
      actor_email = case when lower(l.actor_email) = person.address then null else l.actor_email end,
      actor_id = case when lower(l.actor_email) = person.address then null else l.actor_id end,
      anonymised_at = now()
  where l.id in (select private.person_audit_ids(person.number, person.address));
  get diagnostics anonymised_entries = row_count;

  counts := jsonb_build_object('submissions', deleted_submissions, 'students', deleted_students,
                               'auditEntries', anonymised_entries);
  insert into public.audit_log (actor_id, actor_email, table_name, action, after)
  values (auth.uid(), (select t.email from public.staff t where t.user_id = auth.uid()), 'privacy', 'ERASE', counts);
  return counts;
end;
$$;

-- Signed-in callers may call them; both answer 42501 not_allowed to anyone but a superadmin.
grant execute on function public.person_data(text, text), public.erase_person(text, text) to authenticated;
