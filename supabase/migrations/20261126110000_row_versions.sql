-- Row versions (docs/data-model.md, "Row versions"): two staff members who open the same record
-- and both save must not silently undo each other's work. Every table staff edit carries an
-- integer `version`, starting at 1 and raised by one with every change. A staff update names the
-- version it read, in the body like any column (`{"title": ..., "version": 3}`); an update naming
-- another version, or none, is refused with `stale_record` (HTTP 409) and changes nothing.
--
-- Why an integer and not updated_at: two saves in the same millisecond (or a clock step) would
-- share a timestamp; a counter cannot. Why in the body and not a header: the body is what every
-- client already sends (react-admin sends the whole record it read), PostgREST needs nothing new,
-- and an upsert carries it too.
--
-- How "none" is told from "the current one": a trigger `before update of version` fires exactly
-- when the statement's SET list names the column, whatever its value (PostgreSQL docs, "CREATE
-- TRIGGER"); it marks the row, and the check that runs next (triggers fire in name order) reads
-- the mark. The two triggers are named check_version_1_given and check_version_2, so they run
-- before every other before-update trigger of these tables (guard_*, keep_*, set_*, touch_*):
-- a stale review is refused as stale, not as `not_pending`.
--
-- Who must name the version: the API roles (anon, authenticated) in their own statement. Updates
-- made by the database itself are exempt, and still raise the version, so that a form opened
-- before them is refused too: a trigger's own update (pg_trigger_depth() > 1, e.g. a loan's
-- approval marking the book unavailable, the waitlist's promotion), a security-definer function
-- (current_user is its owner: check-in, a loan's return, erasure, retention), the service role
-- (seed, scripts, Edge Functions) and SQL by hand. Any of these that does name a version is
-- checked like a staff member.
--
-- Racing sessions: the check runs in a before-row trigger, after PostgreSQL has locked the row
-- and, under read committed, re-read its newest version; so of two updates naming the same
-- version, the second sees the first's new version and is refused. Nothing is mixed.
--
-- A new table opts in with one line in its migration: select private.track_version('public.x');

-- Marks the row being updated as one whose statement named `version` (see above). The mark names
-- the table and the row (a hash of the old row's text), which the check below rebuilds for the same
-- row; it is a transaction-local setting that the check clears at once.
create function private.mark_version_given()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('private.version_given', tg_relid::text || ':' || md5(old::text), true);
  return new;
end;
$$;

create function private.check_version()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  given boolean;
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    return new;
  end if;
  given := coalesce(current_setting('private.version_given', true), '')
    = tg_relid::text || ':' || md5(old::text);
  perform set_config('private.version_given', '', true);
  if given then
    if new.version is distinct from old.version then
      raise exception using errcode = 'PT409', message = 'stale_record',
        detail = 'current version ' || old.version;
    end if;
  elsif current_user in ('anon', 'authenticated') and pg_trigger_depth() = 1 then
    raise exception using errcode = 'PT409', message = 'stale_record',
      detail = 'current version ' || old.version, hint = 'name the version you read';
  end if;
  new.version := old.version + 1;
  return new;
end;
$$;

-- The one line a migration calls for a table staff edit: adds `version` (1 for every existing
-- row) and the two triggers. Executable by the migration role only (no grant).
create function private.track_version(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('alter table %s add column version integer not null default 1 check (version > 0)', target);
  execute format('create trigger check_version_1_given before update of version on %s
    for each row execute function private.mark_version_given()', target);
  execute format('create trigger check_version_2 before insert or update on %s
    for each row execute function private.check_version()', target);
end;
$$;

select private.track_version('public.events');
select private.track_version('public.board_members');
select private.track_version('public.books');
select private.track_version('public.achievements');
select private.track_version('public.statistics');
select private.track_version('public.translations');
select private.track_version('public.settings');
select private.track_version('public.submissions');
select private.track_version('public.staff');
select private.track_version('public.students');

-- Reviewing compares the whole row but the review fields; the version is raised by the trigger
-- above, so it is not a change of the visitor's submission either. Otherwise as before
-- (20261122080400_submissions.sql, 20261125120000_approval_mail.sql).
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
  if (to_jsonb(new) - 'status' - 'reviewed_at' - 'reviewed_by' - 'version')
     is distinct from (to_jsonb(old) - 'status' - 'reviewed_at' - 'reviewed_by' - 'version') then
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

-- Check-in names the version of the registration the volunteer saw. A stale version is refused
-- only when it matters: if the registration is already in the state asked for (another volunteer
-- at the door checked the same student in a moment before), nothing would change and nothing is
-- lost, so the answer is the current state; otherwise (it was reviewed again, or its check-in
-- undone meanwhile) `stale_record`. The two-argument form is replaced: a caller that names no
-- version is refused the same way as a stale one unless nothing would change.
drop function public.set_attendance(uuid, boolean);
drop function private.set_attendance(uuid, boolean);

create function private.set_attendance(submission_id uuid, attended boolean, version integer default null)
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
    if version is distinct from registration.version then
      raise exception using errcode = 'PT409', message = 'stale_record',
        detail = 'current version ' || registration.version;
    end if;
    update public.submissions s set attended_at = stamp where s.id = submission_id;
  end if;
  return stamp;
end;
$$;
grant execute on function private.set_attendance(uuid, boolean, integer) to authenticated, service_role;

create function public.set_attendance(submission_id uuid, attended boolean, version integer default null)
returns timestamptz
language sql
set search_path = ''
as $$
  select private.set_attendance(submission_id, attended, version)
$$;
grant execute on function public.set_attendance(uuid, boolean, integer) to authenticated, service_role;
