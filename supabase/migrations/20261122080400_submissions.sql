-- Visitor submissions, the rules the database owns for them, the rate limits, and book loans
-- (see docs/data-model.md and docs/permissions.md: "Rules the database enforces on
-- submissions", "Limits"). Refusals are P0001 errors whose message is a stable key. Visitors
-- submit through public.submit(jsonb) only: every bad input is refused with a key, and every
-- attempt is recorded, refused ones too.

-- Each submission type carries exactly its fields (others must be null): an email only for
-- contact (required) and for event registration, feedback, complaint and suggestion (optional:
-- a registration's email gets the event's mails, 20261122080700_mail.sql); a loan date for
-- loans. Used by the table check and by the insert trigger, which turns a violation into the
-- key `invalid_submission`.
create function private.submission_fields_valid(
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
      and book_id is null and pickup_location is null and loan_date is null
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
grant execute on function private.submission_fields_valid(public.submission_type, text, text, uuid, uuid,
  public.pickup_location, date, text, smallint) to anon, authenticated, service_role;

create table public.submissions (
  id uuid primary key default gen_random_uuid(),
  type public.submission_type not null,
  status public.submission_status not null default 'pending',
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  email text check (email is null or (length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  student_number text
    check (student_number is null or (student_number = btrim(student_number) and student_number <> '' and length(student_number) <= 50)),
  event_id uuid references public.events (id) on delete cascade,
  book_id uuid references public.books (id) on delete cascade,
  pickup_location public.pickup_location,
  loan_date date,
  message text check (message is null or (btrim(message) <> '' and length(message) <= 5000)),
  rating smallint check (rating between 1 and 5),
  returned_at timestamptz,
  -- The language of the page the visitor sent the form from (ar, en, tr; null when the form did
  -- not say): the mails about the submission are written in it.
  language text check (language is null or language in ('ar', 'en', 'tr')),
  -- Registrations only: null = the registration holds a seat (or the event has no capacity);
  -- a number = it arrived when the event was full and waits, in this order (1, 2, 3, … per
  -- event, never reused; the place in the line is the number of pending waitlisted
  -- registrations before it, plus one). Set by the insert trigger; cleared when a seat frees
  -- and the registration is promoted (private.fill_places).
  waitlist_position integer check (waitlist_position is null or (type = 'event_registration' and waitlist_position > 0)),
  -- Check-in: when staff marked the registration's student present at the event (null = not
  -- checked in). Only through public.set_attendance, only for an approved registration, which
  -- always holds a seat (constraint below).
  attended_at timestamptz,
  honeypot text,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by uuid references auth.users (id) on delete set null,
  constraint submissions_fields_per_type check (
    private.submission_fields_valid(type, student_number, email, event_id, book_id, pickup_location, loan_date, message, rating)
  ),
  constraint submissions_returned_only_approved_loans check (
    returned_at is null or (type = 'book_loan' and status = 'approved')
  ),
  constraint submissions_attended_only_approved_registrations check (
    attended_at is null or (type = 'event_registration' and status = 'approved' and waitlist_position is null)
  ),
  -- Blank is blank in Unicode.
  constraint submissions_not_blank check (
    not private.is_blank(name) and (message is null or not private.is_blank(message))
  )
);
create index submissions_created_at_idx on public.submissions (created_at desc);
create index submissions_status_idx on public.submissions (status);
create index submissions_type_idx on public.submissions (type);
create index submissions_event_id_idx on public.submissions (event_id);
create index submissions_book_id_idx on public.submissions (book_id);
create index submissions_reviewed_by_idx on public.submissions (reviewed_by);
-- One registration and one evaluation per student number per event.
create unique index submissions_one_registration_idx on public.submissions (event_id, student_number)
  where type = 'event_registration';
create unique index submissions_waitlist_position_idx on public.submissions (event_id, waitlist_position)
  where waitlist_position is not null;
create unique index submissions_one_evaluation_idx on public.submissions (event_id, student_number)
  where type = 'evaluation';
-- One book, one active loan. The index is the last line of defence; the review guard takes the
-- book's row lock with a conditional update, so of two concurrent approvals one waits and
-- then finds the book unavailable.
create unique index submissions_one_active_loan_idx on public.submissions (book_id)
  where type = 'book_loan' and status = 'approved' and returned_at is null;

-- Rate limits: attempts per kind and subject. `subject` is the client address for `submission`
-- and `register_probe`, and a SHA-256 of the student number or the lower-cased email for the
-- `student_number` and `email` limits (the bookkeeping keeps no personal data in clear). Not
-- exposed; only the security-definer limit functions below touch it.
create table private.submission_attempts (
  id bigint generated always as identity primary key,
  kind text not null default 'submission' check (kind in ('submission', 'register_probe', 'student_number', 'email')),
  subject text not null,
  at timestamptz not null default now()
);
create index submission_attempts_kind_subject_at_idx on private.submission_attempts (kind, subject, at);
create index submission_attempts_at_idx on private.submission_attempts (at);
alter table private.submission_attempts enable row level security;
revoke all on private.submission_attempts from public, anon, authenticated;

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
                         'registration_deadline_passed', 'event_not_upcoming', 'event_not_past', 'not_attended') then 409
    else 400
  end)::text, true);
  if retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object('Retry-After', retry_after::text))::text, true);
  end if;
  return jsonb_build_object('code', 'P0001', 'message', refusal_key, 'details', null, 'hint', null);
end;
$$;

-- is_known_student: every call is a register probe, so the register cannot be enumerated; past
-- the limit 429 rate_limited with Retry-After (raised: a refused call records nothing, and
-- PostgREST answers with the status, the header and the usual error body). Volatile: it
-- records the attempt.
create function private.check_known_student(student_number text)
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
grant execute on function private.check_known_student(text) to anon, authenticated, service_role;

create function public.is_known_student(student_number text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  select private.check_known_student(student_number)
$$;
grant execute on function public.is_known_student(text) to anon, authenticated;

-- Seats held: the event's pending and approved registrations that are not on the waitlist.
create function private.seats_taken(target_event uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer from public.submissions s
   where s.event_id = target_event and s.type = 'event_registration'
     and s.status in ('pending', 'approved') and s.waitlist_position is null
$$;

-- Free seats of an event with a capacity (never below 0: staff may lower the capacity under the
-- seats already held, which keep them), null without a capacity. The public computed field
-- events.places_left (below): visitors see the number, never the registrations.
create function private.places_left(target_event uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when e.capacity is null then null
              else greatest(0, e.capacity - private.seats_taken(e.id)) end
    from public.events e where e.id = target_event
$$;
grant execute on function private.places_left(uuid) to anon, authenticated;

create function public.places_left(event public.events)
returns integer
language sql
stable
set search_path = ''
as $$
  select private.places_left(event.id)
$$;
grant execute on function public.places_left(public.events) to anon, authenticated;

-- The insert rules. Only private.submit (below) inserts for API callers: visitors have no
-- INSERT privilege on the table. The trigger still owns every rule, for any path there may be.
create function private.check_new_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ev record;
  seats integer;
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
  new.waitlist_position := null;
  new.attended_at := null;

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
    select e.starts_at, e.registration_open, e.registration_deadline, e.evaluation_attendees_only into ev from public.events e where e.id = new.event_id;
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
      if ev.registration_deadline is not null and ev.registration_deadline <= now() then
        raise exception using errcode = 'P0001', message = 'registration_deadline_passed';
      end if;
    elsif ev.starts_at >= now() then
      raise exception using errcode = 'P0001', message = 'event_not_past';
    end if;
    if not private.is_known_student(new.student_number) then
      raise exception using errcode = 'P0001', message = 'student_not_found';
    end if;
    -- "Only attendees may evaluate": an evaluation identifies its student by number only, so the
    -- rule is that this event has a registration with the same number that staff checked in. The
    -- name is not compared (a student may spell it differently on two forms).
    if new.type = 'evaluation' and ev.evaluation_attendees_only and not exists (
        select 1 from public.submissions s
         where s.event_id = new.event_id and s.type = 'event_registration'
           and s.student_number = new.student_number and s.attended_at is not null) then
      raise exception using errcode = 'P0001', message = 'not_attended';
    end if;
    -- One at a time per event, type and number (until commit), so the second of two concurrent
    -- duplicates sees the first and gets its key (the unique index stays the last word).
    perform pg_advisory_xact_lock(hashtextextended('submission:' || new.type || ':' || new.event_id || ':' || new.student_number, 0));
    if exists (select 1 from public.submissions s
               where s.type = new.type and s.event_id = new.event_id and s.student_number = new.student_number) then
      raise exception using errcode = 'P0001',
        message = case new.type when 'event_registration' then 'duplicate_registration' else 'duplicate_evaluation' end;
    end if;
    if new.type = 'event_registration' then
      -- Seats: one registration of the event at a time holds the event's row (until commit), and
      -- counts in the statement after taking it, so it sees every registration committed before
      -- (20 racing for 5 seats: exactly 5 seats). Pending and approved registrations hold a seat;
      -- without a free one the registration waits, after the last on the waitlist. Lock order:
      -- the duplicate lock above, then the event row (private.fill_places takes only the row).
      select e.capacity into seats from public.events e where e.id = new.event_id for no key update;
      if seats is not null and private.seats_taken(new.event_id) >= seats then
        new.waitlist_position := coalesce(
          (select max(s.waitlist_position) from public.submissions s where s.event_id = new.event_id), 0) + 1;
      end if;
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

create trigger check_new_submission before insert on public.submissions
  for each row execute function private.check_new_submission();

-- Staff review: only a pending submission, only its status (to approved or rejected);
-- reviewed_at/by are set here. Security invoker on purpose: inside
-- private.mark_loan_returned (security definer) current_user is the owner, which is how
-- that function, and only it, sets returned_at.
create function private.guard_submission_update()
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
  -- Staff approve or reject; only the visitor cancels (public.cancel_registration).
  if new.status not in ('approved', 'rejected') then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  if new.type = 'event_registration' and new.status = 'approved' and old.waitlist_position is not null then
    -- Waitlisted means the event was full: it gets a seat when one frees (private.fill_places).
    raise exception using errcode = 'P0001', message = 'event_full';
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

create trigger guard_submission_update before update on public.submissions
  for each row execute function private.guard_submission_update();

-- Promotion: while an upcoming event with waitlisted registrations has free seats, the first
-- waitlisted (lowest waitlist_position) gets a seat: its position is cleared and it stays
-- pending for staff to approve. Runs when a seat frees (a seat-holding registration rejected,
-- cancelled by the visitor or deleted) and when staff change the capacity. Takes the event's row, as registrations do.
create function private.fill_places(target_event uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  cap integer;
  starts timestamptz;
begin
  select e.capacity, e.starts_at into cap, starts from public.events e where e.id = target_event for no key update;
  if not found or starts <= now() then
    return;
  end if;
  update public.submissions s set waitlist_position = null
   where s.id in (
     select w.id from public.submissions w
      where w.event_id = target_event and w.type = 'event_registration' and w.status = 'pending'
        and w.waitlist_position is not null
      order by w.waitlist_position
      limit (case when cap is null then null else greatest(0, cap - private.seats_taken(target_event)) end));
end;
$$;

-- A seat freed (a seat holder rejected, cancelled or deleted) or a capacity changed: the first waitlisted
-- registrations of that event get the free seats.
create function private.refill_places()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Separate statements: a row's fields are looked up when the statement runs, and an events
  -- row has no event_id.
  if tg_table_name = 'events' then
    perform private.fill_places(new.id);
  else
    perform private.fill_places(old.event_id);
  end if;
  return null;
end;
$$;

create trigger seat_freed_on_reject after update of status on public.submissions
  for each row
  when (old.type = 'event_registration' and old.status in ('pending', 'approved')
        and new.status in ('rejected', 'cancelled') and old.waitlist_position is null)
  execute function private.refill_places();
create trigger seat_freed_on_delete after delete on public.submissions
  for each row
  when (old.type = 'event_registration' and old.status in ('pending', 'approved') and old.waitlist_position is null)
  execute function private.refill_places();

create trigger capacity_changed after update of capacity on public.events
  for each row when (new.capacity is distinct from old.capacity)
  execute function private.refill_places();

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

create trigger release_deleted_loan after delete on public.submissions
  for each row execute function private.release_deleted_loan();

create trigger write_audit_log after insert or update or delete on public.submissions
  for each row execute function private.write_audit_log();

-- No insert policy and no INSERT privilege for API roles: a refusal raised by the table would
-- roll back its attempt, so visitors go through public.submit (below).
alter table public.submissions enable row level security;

create policy "staff read" on public.submissions for select to authenticated using ((select private.is_staff()));
create policy "staff review" on public.submissions for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "superadmins delete" on public.submissions for delete to authenticated using ((select private.is_superadmin()));

grant select, update, delete on public.submissions to authenticated;

-- Book loans: staff mark an approved loan returned; the book becomes available again.
create function private.mark_loan_returned(submission_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  loan public.submissions;
begin
  if not private.is_staff() then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  select * into loan from public.submissions s where s.id = submission_id for update;
  if not found or loan.type <> 'book_loan' or loan.status <> 'approved' or loan.returned_at is not null then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  update public.submissions set returned_at = now() where id = submission_id;
  update public.books set available = true where id = loan.book_id;
end;
$$;
grant execute on function private.mark_loan_returned(uuid) to authenticated, service_role;

create function public.mark_loan_returned(submission_id uuid)
returns void
language sql
set search_path = ''
as $$
  select private.mark_loan_returned(submission_id)
$$;
grant execute on function public.mark_loan_returned(uuid) to authenticated;

-- Check-in: staff mark an approved registration's student present (attended = true) or undo it
-- (false). Security definer, as mark_loan_returned: the review guard refuses every other change
-- of a reviewed submission through the API. The update is audited with the staff member as the
-- actor (the audit trigger reads the caller's JWT). Marking twice keeps the first time and
-- writes nothing. Answers the stored attended_at (null after an undo).
create function private.set_attendance(submission_id uuid, attended boolean)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration public.submissions;
  stamp timestamptz;
begin
  if not private.is_staff() then
    raise exception using errcode = 'P0001', message = 'not_allowed';
  end if;
  if attended is null then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  select * into registration from public.submissions s where s.id = submission_id for update;
  if not found or registration.type <> 'event_registration' then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  -- Pending (not yet reviewed), waitlisted and rejected registrations cannot be checked in.
  if registration.status <> 'approved' or registration.waitlist_position is not null then
    raise exception using errcode = 'P0001', message = 'not_approved';
  end if;
  stamp := case when attended then coalesce(registration.attended_at, now()) end;
  if stamp is distinct from registration.attended_at then
    update public.submissions set attended_at = stamp where id = submission_id;
  end if;
  return stamp;
end;
$$;
grant execute on function private.set_attendance(uuid, boolean) to authenticated, service_role;

create function public.set_attendance(submission_id uuid, attended boolean)
returns timestamptz
language sql
set search_path = ''
as $$
  select private.set_attendance(submission_id, attended)
$$;
grant execute on function public.set_attendance(uuid, boolean) to authenticated;

-- Visitors submit through public.submit(jsonb): one JSON object with the fields of
-- docs/data-model.md. Every attempt is recorded and committed, refused ones too: a refusal is
-- returned with its HTTP status (private.refusal), never raised. Answers: 201 and null (a
-- registration: {"waitlisted": false} when it holds a seat, {"waitlisted": true} when it waits);
-- or the refusal's status with {code: "P0001", message: <key>, details, hint} (429 with Retry-After).
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
    'pickup_location', 'loan_date', 'message', 'rating', 'honeypot', 'language'];
  wait integer;
  number_subject text;
  email_subject text;
  asks_register boolean;
  refused text;
  failed_constraint text;
  waitlisted boolean;
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
                                    message, rating, honeypot, language)
    select r.type, r.name, r.email, r.student_number, r.event_id, r.book_id, r.pickup_location, r.loan_date,
           r.message, r.rating, r.honeypot, r.language
      from jsonb_populate_record(null::public.submissions, body) r
    returning waitlist_position is not null into waitlisted;
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

  -- not_attended tells whether a number was checked in: a register answer too.
  if refused in ('student_not_found', 'not_attended', 'duplicate_registration', 'duplicate_evaluation') then
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
  -- A registration says whether it holds a seat or waits on the waitlist; other types: null.
  return case when body ->> 'type' = 'event_registration' then jsonb_build_object('waitlisted', waitlisted) end;
end;
$$;
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
