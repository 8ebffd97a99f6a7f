-- Issue 10: no unlimited probing of the students register, limits that fit a campus, every bad
-- input refused with a key. Existing migrations stay as they were pushed; this one changes them
-- forward. See docs/permissions.md ("Limits", "Rules the database enforces on submissions").

-- 1. Blank means blank in Unicode: white space (tab, no-break space, the U+2000 spaces, ideographic
-- space, …) and the invisible format characters a form can carry (zero-width space and joiners,
-- direction marks including the Arabic letter mark, word joiner, variation selectors, byte order
-- mark, Hangul fillers, soft hyphen). btrim() only knows the ASCII space.
create function private.is_blank(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value is null or value ~ '^[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]*$'
$$;

-- The same characters removed from both ends.
create function private.trim_blank(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(value,
    '^[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]+|[[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]+$',
    '', 'g')
$$;

grant execute on function private.is_blank(text) to anon, authenticated, service_role;
grant execute on function private.trim_blank(text) to anon, authenticated, service_role;

-- Localized texts, translation overrides and the students register use the Unicode rule too.
-- (Constraints are added NOT VALID: rows already stored keep what they had; every new write is
-- checked.)
create or replace function private.is_localized(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null or jsonb_typeof(value) <> 'object' then false
    else (select count(*) from jsonb_object_keys(value)) = 3
      and coalesce(jsonb_typeof(value -> 'en') = 'string' and not private.is_blank(value ->> 'en'), false)
      and coalesce(jsonb_typeof(value -> 'ar') = 'string' and not private.is_blank(value ->> 'ar'), false)
      and coalesce(jsonb_typeof(value -> 'tr') = 'string' and not private.is_blank(value ->> 'tr'), false)
  end
$$;

alter table public.translations add constraint translations_not_blank check (
  (en is null or not private.is_blank(en)) and (ar is null or not private.is_blank(ar)) and (tr is null or not private.is_blank(tr))
) not valid;
alter table public.students add constraint students_not_blank check (
  not private.is_blank(name) and not private.is_blank(student_number)
) not valid;
alter table public.submissions add constraint submissions_not_blank check (
  not private.is_blank(name) and (message is null or not private.is_blank(message))
) not valid;

-- Dates staff enter are real dates ('infinity' reads as "Invalid date" on the site).
alter table public.events add constraint events_starts_at_finite check (isfinite(starts_at)) not valid;
alter table public.achievements add constraint achievements_achieved_on_finite check (isfinite(achieved_on)) not valid;

-- 2. Attempts, per kind and subject. `subject` is the client address for `submission` and
-- `register_probe`, and a SHA-256 of the student number or the lower-cased email for the
-- `student_number` and `email` limits (the bookkeeping keeps no personal data in clear).
alter table private.submission_attempts rename column client to subject;
alter table private.submission_attempts drop constraint submission_attempts_kind_check;
update private.submission_attempts set kind = 'register_probe' where kind = 'student_check';
alter table private.submission_attempts add constraint submission_attempts_kind_check
  check (kind in ('submission', 'register_probe', 'student_number', 'email'));
create index submission_attempts_at_idx on private.submission_attempts (at);

-- The limits, in one place: attempts per kind and subject within rate_window() (docs/permissions.md).
create function private.rate_limit(attempt_kind text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case attempt_kind
    when 'submission' then 120       -- per client address: a campus behind one address
    when 'register_probe' then 30    -- per client address: answers that come from the register
    when 'student_number' then 10    -- per student number
    when 'email' then 5              -- per email address
  end
$$;

create function private.rate_window()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '10 minutes'
$$;

create function private.attempt_subject(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(value, 'UTF8')), 'hex')
$$;

-- Serialises the attempts of one kind and subject until the end of the transaction, so that
-- count-then-record cannot race. Locks are taken in the order submission, student_number, email,
-- register_probe (private.submit), so two transactions never wait for each other in a circle.
create function private.lock_attempts(attempt_kind text, attempt_subject text)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('attempts:' || attempt_kind || ':' || attempt_subject, 0))
$$;

-- Seconds until one more attempt fits the limit (0: it fits now). Call it with the lock held, in a
-- statement after the one that took it (volatile: it reads what committed meanwhile).
create function private.attempt_wait(attempt_kind text, attempt_subject text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  per constant interval := private.rate_window();
  blocking timestamptz;
begin
  -- The newest attempt that must leave the window before one more fits: the limit-th newest.
  select a.at into blocking from private.submission_attempts a
   where a.kind = attempt_kind and a.subject = attempt_subject and a.at > now() - per
   order by a.at desc offset private.rate_limit(attempt_kind) - 1 limit 1;
  if not found then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (blocking + per - now())))::integer);
end;
$$;

create function private.record_attempt(attempt_kind text, attempt_subject text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into private.submission_attempts (kind, subject) values (attempt_kind, attempt_subject);
  -- What no window looks at any more goes, a few rows at a time, never waiting for another pruner.
  delete from private.submission_attempts a where a.id in (
    select b.id from private.submission_attempts b where b.at < now() - interval '1 hour' limit 50 for update skip locked);
end;
$$;

-- Records one attempt, or answers how many seconds to wait when the limit is reached (then
-- nothing is recorded: a refusal by the limit itself does not extend it).
create function private.take_attempt(attempt_kind text, attempt_subject text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wait integer;
begin
  perform private.lock_attempts(attempt_kind, attempt_subject);
  wait := private.attempt_wait(attempt_kind, attempt_subject);
  if wait = 0 then
    perform private.record_attempt(attempt_kind, attempt_subject);
  end if;
  return wait;
end;
$$;

revoke all on function private.rate_limit(text), private.rate_window(), private.attempt_subject(text),
  private.lock_attempts(text, text), private.attempt_wait(text, text), private.record_attempt(text, text),
  private.take_attempt(text, text) from public, anon, authenticated;

-- A refusal as PostgREST writes a raised one ({code, message, details, hint}), with its HTTP
-- status and, for rate_limited, Retry-After. Returned (not raised) by private.submit, so that the
-- transaction, and with it the attempt, is committed.
create function private.refusal(refusal_key text, retry_after integer default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform set_config('response.status', (case
    when refusal_key = 'rate_limited' then 429
    when refusal_key in ('duplicate_registration', 'duplicate_evaluation', 'book_unavailable', 'registration_closed',
                         'event_not_upcoming', 'event_not_past') then 409
    else 400
  end)::text, true);
  if retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object('Retry-After', retry_after::text))::text, true);
  end if;
  return jsonb_build_object('code', 'P0001', 'message', refusal_key, 'details', null, 'hint', null);
end;
$$;
revoke all on function private.refusal(text, integer) from public, anon, authenticated;

-- 3. is_known_student: every call is a register probe; past the limit 429 rate_limited with
-- Retry-After (raised: a refused call records nothing, and PostgREST answers with the status,
-- the header and the usual error body).
create or replace function private.check_known_student(student_number text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wait integer := private.take_attempt('register_probe', private.client_address());
begin
  if wait > 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0001', 'message', 'rate_limited', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', wait::text))::text;
  end if;
  return private.is_known_student(student_number);
end;
$$;

-- 4. The insert rules. Only private.submit (below) inserts for API callers now: visitors have no
-- INSERT privilege on the table. The trigger still owns every rule, for any path there may be.
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
  -- A loan date is "today" somewhere on Earth (UTC-12 to UTC+14) up to 60 days ahead.
  earliest_loan constant date := (now() at time zone 'Etc/GMT+12')::date;
  latest_loan constant date := (now() at time zone 'Etc/GMT-14')::date + 60;
  controls constant text := '[\u0001-\u001f\u007f-\u009f]';
  controls_but_lines constant text := '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]';
  -- The address shape browsers accept for <input type="email"> (shared/src/validation.ts).
  email_shape constant text :=
    '^[a-zA-Z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$';
begin
  -- The service role and the seed may write history as it is.
  if not private.is_api_caller() then
    return new;
  end if;

  -- Server-owned columns: whatever a path let through, the server decides them.
  new.id := gen_random_uuid();
  new.status := 'pending';
  new.created_at := now();
  new.reviewed_at := null;
  new.reviewed_by := null;
  new.returned_at := null;

  if not private.is_blank(new.honeypot) then
    raise exception using errcode = 'P0001', message = 'spam_detected';
  end if;
  new.honeypot := null;

  -- Normalise what forms send for empty optional fields; blank is blank in Unicode.
  new.name := private.trim_blank(new.name);
  new.email := nullif(private.trim_blank(new.email), '');
  new.student_number := nullif(private.trim_blank(new.student_number), '');
  new.message := nullif(private.trim_blank(new.message), '');

  if new.type is null or coalesce(new.name, '') = '' or length(new.name) > 200 or new.name ~ controls
     or length(coalesce(new.message, '')) > 5000 or coalesce(new.message ~ controls_but_lines, false)
     or length(coalesce(new.student_number, '')) > 50 or coalesce(new.student_number ~ controls, false)
     or (new.email is not null and (length(new.email) > 254 or new.email !~ email_shape))
     or (new.rating is not null and new.rating not between 1 and 5)
     or (new.loan_date is not null and (not isfinite(new.loan_date) or new.loan_date not between earliest_loan and latest_loan))
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
    -- One at a time per event, type and number (until commit), so the second of two concurrent
    -- duplicates sees the first and gets its key (the unique index stays the last word).
    perform pg_advisory_xact_lock(hashtextextended('submission:' || new.type || ':' || new.event_id || ':' || new.student_number, 0));
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

-- 5. Visitors submit through public.submit(jsonb): one JSON object with the fields of
-- docs/data-model.md. Every attempt is recorded and committed, refused ones too: a refusal is
-- returned with its HTTP status (private.refusal), never raised. Answers: 201 and null; or the
-- refusal's status with {code: "P0001", message: <key>, details, hint} (429 with Retry-After).
create function private.submit(body jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  client_addr constant text := private.client_address();
  visitor_fields constant text[] := array['type', 'name', 'email', 'student_number', 'event_id', 'book_id',
    'pickup_location', 'loan_date', 'message', 'rating', 'honeypot'];
  wait integer;
  number_subject text;
  email_subject text;
  asks_register boolean;
  refused text;
  failed_constraint text;
begin
  -- Per client address: every attempt counts, whatever becomes of it.
  wait := private.take_attempt('submission', client_addr);
  if wait > 0 then
    return private.refusal('rate_limited', wait);
  end if;

  -- One object with the visitor's fields only (never id, status, timestamps or review fields),
  -- each a JSON string (rating: a number) or null.
  if jsonb_typeof(body) is distinct from 'object' or exists (
      select 1 from jsonb_each(body) f
      where not (f.key = any (visitor_fields))
         or (jsonb_typeof(f.value) <> 'null' and jsonb_typeof(f.value) <> case f.key when 'rating' then 'number' else 'string' end)) then
    return private.refusal('invalid_submission');
  end if;

  -- Per student number and per email, as the row would store them.
  number_subject := private.attempt_subject(nullif(private.trim_blank(body ->> 'student_number'), ''));
  email_subject := private.attempt_subject(lower(nullif(private.trim_blank(body ->> 'email'), '')));
  if number_subject is not null then
    wait := private.take_attempt('student_number', number_subject);
    if wait > 0 then
      return private.refusal('rate_limited', wait);
    end if;
  end if;
  if email_subject is not null then
    wait := private.take_attempt('email', email_subject);
    if wait > 0 then
      return private.refusal('rate_limited', wait);
    end if;
  end if;

  -- Registrations, evaluations and loans answer from the students register. Once this address
  -- has had its register answers for the window, a refusal that would come from the register is
  -- rate_limited instead (an accepted submission is a real one: it goes through, and counts above).
  asks_register := body ->> 'type' in ('event_registration', 'evaluation', 'book_loan');
  if asks_register then
    perform private.lock_attempts('register_probe', client_addr);
  end if;

  begin
    insert into public.submissions (type, name, email, student_number, event_id, book_id, pickup_location, loan_date,
                                    message, rating, honeypot)
    select r.type, r.name, r.email, r.student_number, r.event_id, r.book_id, r.pickup_location, r.loan_date,
           r.message, r.rating, r.honeypot
      from jsonb_populate_record(null::public.submissions, body) r;
  exception
    when sqlstate 'P0001' then
      refused := sqlerrm;
    when unique_violation then
      get stacked diagnostics failed_constraint = constraint_name;
      refused := case failed_constraint
        when 'submissions_one_registration_idx' then 'duplicate_registration'
        when 'submissions_one_evaluation_idx' then 'duplicate_evaluation'
        else 'invalid_submission' end;
    when integrity_constraint_violation or data_exception then
      refused := 'invalid_submission';
  end;

  if refused in ('student_not_found', 'duplicate_registration', 'duplicate_evaluation') then
    wait := private.attempt_wait('register_probe', client_addr);
    if wait > 0 then
      return private.refusal('rate_limited', wait);
    end if;
    perform private.record_attempt('register_probe', client_addr);
  end if;
  if refused is not null then
    return private.refusal(refused);
  end if;
  perform set_config('response.status', '201', true);
  return null;
end;
$$;
revoke all on function private.submit(jsonb) from public;
grant execute on function private.submit(jsonb) to anon, authenticated;

-- PostgREST hands a function with one unnamed jsonb parameter the whole request body.
create function public.submit(jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.submit($1)
$$;
grant execute on function public.submit(jsonb) to anon, authenticated;

-- The table itself takes no inserts from API roles: its refusals would roll back their attempt.
revoke insert on public.submissions from anon, authenticated;
drop policy "anyone submits pending" on public.submissions;

-- The old three-argument helper had raised on the limit; nothing calls it any more.
drop function private.take_attempt(text, integer, interval);
