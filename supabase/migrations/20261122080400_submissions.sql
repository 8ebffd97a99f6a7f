-- Visitor submissions and the rules the database owns for them (see docs/data-model.md
-- and docs/permissions.md). Refusals are P0001 errors whose message is a stable key.

-- Exactly the fields of each type (others must be null). Used by the table check and by
-- the insert trigger, which turns a violation into the key `invalid_submission`.
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
      and book_id is null and pickup_location is null and loan_date is null and message is null and rating is null
    when 'evaluation' then
      student_number is not null and event_id is not null and rating is not null and message is not null
      and book_id is null and pickup_location is null and loan_date is null
    when 'book_loan' then
      student_number is not null and book_id is not null and pickup_location is not null and loan_date is not null
      and event_id is null and rating is null
    when 'contact' then
      email is not null and message is not null
      and student_number is null and event_id is null and book_id is null and pickup_location is null
      and loan_date is null and rating is null
    else -- feedback, complaint, suggestion
      student_number is not null and message is not null
      and event_id is null and book_id is null and pickup_location is null and loan_date is null and rating is null
  end
$$;

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
  honeypot text,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by uuid references auth.users (id) on delete set null,
  constraint submissions_fields_per_type check (
    private.submission_fields_valid(type, student_number, email, event_id, book_id, pickup_location, loan_date, message, rating)
  ),
  constraint submissions_returned_only_approved_loans check (
    returned_at is null or (type = 'book_loan' and status = 'approved')
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
create unique index submissions_one_evaluation_idx on public.submissions (event_id, student_number)
  where type = 'evaluation';

-- Per-client rate limit bookkeeping (not exposed; only the insert trigger touches it).
create table private.submission_attempts (
  id bigint generated always as identity primary key,
  client text not null,
  at timestamptz not null default now()
);
create index submission_attempts_client_at_idx on private.submission_attempts (client, at);
alter table private.submission_attempts enable row level security;
revoke all on private.submission_attempts from public, anon, authenticated;

create function private.check_new_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_per_window constant integer := 10;
  rate_window constant interval := interval '10 minutes';
  headers json;
  client_addr text;
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

  -- Client address: first entry of x-forwarded-for as the gateway passes it on.
  headers := nullif(current_setting('request.headers', true), '')::json;
  client_addr := coalesce(nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''), 'unknown');
  if (select count(*) from private.submission_attempts a
      where a.client = client_addr and a.at > now() - rate_window) >= max_per_window then
    raise exception using errcode = 'P0001', message = 'rate_limited';
  end if;
  delete from private.submission_attempts a where a.at < now() - interval '1 day';
  insert into private.submission_attempts (client) values (client_addr);

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
  if new.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'invalid_submission';
  end if;
  if new.type = 'book_loan' and new.status = 'approved' then
    -- An approved loan makes the book unavailable (staff may update books).
    if not coalesce((select b.available from public.books b where b.id = new.book_id), false) then
      raise exception using errcode = 'P0001', message = 'book_unavailable';
    end if;
    update public.books set available = false where id = new.book_id;
  end if;
  new.reviewed_at := now();
  new.reviewed_by := (select auth.uid());
  return new;
end;
$$;

create trigger guard_submission_update before update on public.submissions
  for each row execute function private.guard_submission_update();

create trigger write_audit_log after insert or update or delete on public.submissions
  for each row execute function private.write_audit_log();

alter table public.submissions enable row level security;

-- Narrow insert policy: what the trigger guarantees, checked again on the final row.
create policy "anyone submits pending" on public.submissions for insert to anon, authenticated
  with check (status = 'pending' and reviewed_at is null and reviewed_by is null
              and returned_at is null and honeypot is null);
create policy "staff read" on public.submissions for select to authenticated using ((select private.is_staff()));
create policy "staff review" on public.submissions for update to authenticated
  using ((select private.is_staff())) with check ((select private.is_staff()));
create policy "superadmins delete" on public.submissions for delete to authenticated using ((select private.is_superadmin()));

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

create function public.mark_loan_returned(submission_id uuid)
returns void
language sql
set search_path = ''
as $$
  select private.mark_loan_returned(submission_id)
$$;
