-- Fixes from the security review (issue 3). Existing migrations stay as they were pushed;
-- everything here changes them forward. See docs/permissions.md and docs/data-model.md.

-- 7. Privileges: sequences and future objects closed by default. Supabase grants all on new
-- tables, sequences and functions in public to the API roles; take that back so a new object
-- is private until a migration grants exactly what it needs. (First, so that everything
-- below starts closed too and is granted explicitly.)
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges for role postgres in schema private revoke execute on functions from public;
-- PUBLIC's execute on new functions is a global default, which per-schema default privileges
-- cannot take away (they only add to the global ones): revoke it globally for the role that
-- runs the migrations. Every function that an API role calls is granted explicitly.
alter default privileges for role postgres revoke execute on functions from public;

-- 1, 3, 4. Rate limits per client address, per kind of attempt.
alter table private.submission_attempts
  add column kind text not null default 'submission' check (kind in ('submission', 'student_check'));
drop index private.submission_attempts_client_at_idx;
create index submission_attempts_kind_client_at_idx on private.submission_attempts (kind, client, at);

-- The caller's address. Supabase's gateway appends the real peer address to
-- x-forwarded-for (the entries before it are whatever the client sent) and sets x-real-ip;
-- hosted Supabase sits behind Cloudflare, which sets cf-connecting-ip. Never the first
-- x-forwarded-for entry: the client writes it.
create function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
begin
  return coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(headers ->> 'x-real-ip'), ''),
    nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', -1)), ''),
    'unknown'
  );
end;
$$;

-- Records one attempt of `attempt_kind` for the caller's address, or raises rate_limited
-- when `max_attempts` were already recorded within `rate_window`. The advisory lock
-- serialises concurrent attempts of one address, so count-then-insert cannot race.
-- The attempt is part of the caller's transaction: a refused statement records nothing.
create function private.take_attempt(attempt_kind text, max_attempts integer, rate_window interval)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  client_addr text := private.client_address();
begin
  perform pg_advisory_xact_lock(hashtextextended(
    case attempt_kind when 'submission' then 'submission_rate:' else attempt_kind || '_rate:' end || client_addr, 0));
  if (select count(*) from private.submission_attempts a
      where a.kind = attempt_kind and a.client = client_addr and a.at > now() - rate_window) >= max_attempts then
    raise exception using errcode = 'P0001', message = 'rate_limited';
  end if;
  delete from private.submission_attempts a where a.at < now() - interval '1 day';
  insert into private.submission_attempts (kind, client) values (attempt_kind, client_addr);
end;
$$;
revoke all on function private.take_attempt(text, integer, interval) from public, anon, authenticated;

-- 4. The student check is limited too (30 per 10 minutes per address), so the register
-- cannot be enumerated. Volatile: it records the attempt.
create function private.check_known_student(student_number text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.take_attempt('student_check', 30, interval '10 minutes');
  return private.is_known_student(student_number);
end;
$$;
revoke all on function private.check_known_student(text) from public;
grant execute on function private.check_known_student(text) to anon, authenticated, service_role;

create or replace function public.is_known_student(student_number text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  select private.check_known_student(student_number)
$$;

-- 8. Each submission type carries exactly its fields (spec section 7; decisions: optional
-- email only for feedback, complaint and suggestion). Rows written before this migration
-- lose the fields their type does not have, so that reviewing them still passes the check.
update public.submissions set email = null
  where type in ('event_registration', 'evaluation', 'book_loan') and email is not null;
update public.submissions set message = null where type = 'book_loan' and message is not null;

create or replace function private.submission_fields_valid(
  type public.submission_type, student_number text, email text, event_id uuid, book_id uuid,
  pickup_location public.pickup_location, loan_date date, message text, rating smallint
)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case type
    when 'event_registration' then
      student_number is not null and event_id is not null
      and email is null and book_id is null and pickup_location is null and loan_date is null
      and message is null and rating is null
    when 'evaluation' then
      student_number is not null and event_id is not null and rating is not null and message is not null
      and email is null and book_id is null and pickup_location is null and loan_date is null
    when 'book_loan' then
      student_number is not null and book_id is not null and pickup_location is not null and loan_date is not null
      and email is null and message is null and event_id is null and rating is null
    when 'contact' then
      email is not null and message is not null
      and student_number is null and event_id is null and book_id is null and pickup_location is null
      and loan_date is null and rating is null
    else -- feedback, complaint, suggestion
      student_number is not null and message is not null
      and event_id is null and book_id is null and pickup_location is null and loan_date is null and rating is null
  end
$$;

-- 1, 3. The insert rules, with the rate limit taken through private.take_attempt.
create or replace function private.check_new_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ev record;
  book_available boolean;
  all_can_borrow boolean;
begin
  -- The service role and the seed may write history as it is.
  if not private.is_api_caller() then
    return new;
  end if;

  new.status := 'pending';
  new.created_at := now();
  new.reviewed_at := null;
  new.reviewed_by := null;
  new.returned_at := null;

  if coalesce(btrim(new.honeypot), '') <> '' then
    raise exception using errcode = 'P0001', message = 'spam_detected';
  end if;
  new.honeypot := null;

  -- At most 10 accepted submissions per 10 minutes per client address.
  perform private.take_attempt('submission', 10, interval '10 minutes');

  -- Normalise what forms send for empty optional fields.
  new.name := btrim(new.name);
  new.email := nullif(btrim(new.email), '');
  new.student_number := nullif(btrim(new.student_number), '');
  new.message := nullif(btrim(new.message), '');

  if new.type is null or coalesce(new.name, '') = '' or length(new.name) > 200
     or length(coalesce(new.message, '')) > 5000 or length(coalesce(new.student_number, '')) > 50
     or (new.email is not null and (length(new.email) > 320 or new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'))
     or (new.rating is not null and new.rating not between 1 and 5)
     or not private.submission_fields_valid(
      new.type, new.student_number, new.email, new.event_id, new.book_id, new.pickup_location,
      new.loan_date, new.message, new.rating) then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;

  if new.type in ('event_registration', 'evaluation') then
    select e.starts_at, e.registration_open into ev from public.events e where e.id = new.event_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'invalid_submission';
    end if;
    if new.type = 'event_registration' then
      if ev.starts_at <= now() then
        raise exception using errcode = 'P0001', message = 'event_not_upcoming';
      end if;
      if not ev.registration_open then
        raise exception using errcode = 'P0001', message = 'registration_closed';
      end if;
    elsif ev.starts_at >= now() then
      raise exception using errcode = 'P0001', message = 'event_not_past';
    end if;
    if not private.is_known_student(new.student_number) then
      raise exception using errcode = 'P0001', message = 'student_not_found';
    end if;
    if exists (select 1 from public.submissions s
               where s.type = new.type and s.event_id = new.event_id and s.student_number = new.student_number) then
      raise exception using errcode = 'P0001',
        message = case new.type when 'event_registration' then 'duplicate_registration' else 'duplicate_evaluation' end;
    end if;
  elsif new.type = 'book_loan' then
    select b.available into book_available from public.books b where b.id = new.book_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'invalid_submission';
    end if;
    if not book_available then
      raise exception using errcode = 'P0001', message = 'book_unavailable';
    end if;
    select coalesce((select s.value = 'true'::jsonb from public.settings s where s.key = 'allStudentsCanBorrow'), false)
      into all_can_borrow;
    if not all_can_borrow and not private.is_known_student(new.student_number) then
      raise exception using errcode = 'P0001', message = 'student_not_found';
    end if;
  end if;

  return new;
end;
$$;

-- 2. One book, one active loan. The index is the last line of defence; the guard takes the
-- book's row lock with a conditional update, so of two concurrent approvals one waits and
-- then finds the book unavailable.
create unique index submissions_one_active_loan_idx on public.submissions (book_id)
  where type = 'book_loan' and status = 'approved' and returned_at is null;

create or replace function private.guard_submission_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if old.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'not_pending';
  end if;
  if (to_jsonb(new) - 'status' - 'reviewed_at' - 'reviewed_by')
     is distinct from (to_jsonb(old) - 'status' - 'reviewed_at' - 'reviewed_by') then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  if new.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  if new.type = 'book_loan' and new.status = 'approved' then
    -- An approved loan makes the book unavailable (staff may update books).
    update public.books set available = false where id = new.book_id and available;
    if not found then
      raise exception using errcode = 'P0001', message = 'book_unavailable';
    end if;
  end if;
  new.reviewed_at := now();
  new.reviewed_by := (select auth.uid());
  return new;
end;
$$;

-- Deleting an approved loan that was not returned gives the book back.
create function private.release_deleted_loan()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.type = 'book_loan' and old.status = 'approved' and old.returned_at is null then
    update public.books set available = true where id = old.book_id and not available;
  end if;
  return null;
end;
$$;
revoke all on function private.release_deleted_loan() from public, anon, authenticated;

create trigger release_deleted_loan after delete on public.submissions
  for each row execute function private.release_deleted_loan();

-- 5. Translation overrides: a given language is non-empty text, at least one is given, and
-- the key of a row never changes (delete and insert instead). Blank overrides stored so far
-- become null (= the built-in text); rows left with no override at all are removed.
update public.translations set
  en = nullif(btrim(en), ''), ar = nullif(btrim(ar), ''), tr = nullif(btrim(tr), '')
  where btrim(en) = '' or btrim(ar) = '' or btrim(tr) = '';
delete from public.translations where en is null and ar is null and tr is null;

alter table public.translations add constraint translations_non_empty check (
  (en is null or btrim(en) <> '') and (ar is null or btrim(ar) <> '') and (tr is null or btrim(tr) <> '')
  and coalesce(en, ar, tr) is not null
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
revoke all on function private.keep_translation_key() from public, anon, authenticated;

create trigger keep_translation_key before update on public.translations
  for each row execute function private.keep_translation_key();

-- 9. staff.email follows the auth account's email.
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
revoke all on function private.sync_staff_email() from public, anon, authenticated;

create trigger sync_staff_email after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.sync_staff_email();
