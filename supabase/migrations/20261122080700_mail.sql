-- Mail about event registrations (docs/mail.md, docs/data-model.md "Mail"): a queue in the
-- database (public.mail_outbox) that the Edge Function `send-mail` drains with a real SMTP
-- client, retrying failed sends with backoff, so that a mail server that is down loses nothing:
-- the registration is committed with its mail queued, and the mail goes when the server is back.
-- Rows are queued here, by triggers on public.submissions, never by a client. The mail itself
-- (texts in the visitor's language, the calendar file) is written by the function from what
-- public.claim_mails answers; the database keeps no rendered mail and no address of its own
-- (the submission's email is read at send time, so an erased person's mails go with them).

create type public.mail_kind as enum (
  'registration_confirmed',  -- the registration holds a seat (or the event has no capacity)
  'registration_waitlisted', -- the event was full: on the waitlist
  'registration_promoted',   -- a seat freed and the waitlisted registration got it
  'registration_rejected',   -- staff rejected the registration
  'event_reminder'           -- the day before the event (private.queue_reminders)
);
-- queued: waiting for its next attempt (next_attempt_at); sent: the SMTP server accepted it;
-- failed: given up after private.mail_max_attempts() attempts (staff see it on the submission).
create type public.mail_state as enum ('queued', 'sent', 'failed');

create table public.mail_outbox (
  id bigint generated always as identity primary key,
  submission_id uuid not null references public.submissions (id) on delete cascade,
  kind public.mail_kind not null,
  state public.mail_state not null default 'queued',
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A drain that claimed the row holds it until then; a drain that died lets it go again.
  locked_until timestamptz,
  last_error text check (last_error is null or length(last_error) <= 1000),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_submission_id_idx on public.mail_outbox (submission_id);
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where state = 'queued';
-- One reminder per registration, whatever how often the job runs.
create unique index mail_outbox_one_reminder_idx on public.mail_outbox (submission_id) where kind = 'event_reminder';

alter table public.mail_outbox enable row level security;
-- Staff see each mail's state on the submission; nobody writes through the API (the triggers
-- below queue, the service role's functions claim and finish).
create policy "staff read" on public.mail_outbox for select to authenticated using ((select private.is_staff()));
grant select on public.mail_outbox to authenticated;

-- Cancel links: a token is 32 random bytes (base64url), made when a mail that carries the link is
-- claimed for sending; only its SHA-256 is kept. Every token of a registration works until the
-- registration is cancelled (then each one answers cancel_token_used).
create table private.cancel_tokens (
  token_hash bytea primary key,
  submission_id uuid not null references public.submissions (id) on delete cascade,
  -- The mail that carried it: a send that failed takes its token back.
  mail_id bigint references public.mail_outbox (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index cancel_tokens_submission_id_idx on private.cancel_tokens (submission_id);
create index cancel_tokens_mail_id_idx on private.cancel_tokens (mail_id);
alter table private.cancel_tokens enable row level security;
revoke all on private.cancel_tokens from public, anon, authenticated;

create function private.token_hash(token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(convert_to(token, 'UTF8'))
$$;

-- Queues a mail about a registration that has an email.
create function private.queue_mail(target uuid, mail public.mail_kind)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.mail_outbox (submission_id, kind) values (target, mail)
$$;

-- A new registration with an email: confirmed (a seat) or waitlisted.
create function private.mail_new_registration()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.waitlist_position is null then
    perform private.queue_mail(new.id, 'registration_confirmed');
  else
    perform private.queue_mail(new.id, 'registration_waitlisted');
  end if;
  return null;
end;
$$;

create trigger mail_new_registration after insert on public.submissions
  for each row when (new.type = 'event_registration' and new.email is not null and new.status = 'pending')
  execute function private.mail_new_registration();

-- Promoted from the waitlist (private.fill_places), or rejected by staff.
create function private.mail_registration_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'rejected' then
    perform private.queue_mail(new.id, 'registration_rejected');
  else
    perform private.queue_mail(new.id, 'registration_promoted');
  end if;
  return null;
end;
$$;

create trigger mail_registration_promoted after update of waitlist_position on public.submissions
  for each row
  when (new.type = 'event_registration' and new.email is not null and new.status = 'pending'
        and old.waitlist_position is not null and new.waitlist_position is null)
  execute function private.mail_registration_change();
create trigger mail_registration_rejected after update of status on public.submissions
  for each row
  when (new.type = 'event_registration' and new.email is not null
        and old.status <> 'rejected' and new.status = 'rejected')
  execute function private.mail_registration_change();

-- Retries: attempt n failed → the next one after 30 s × 2^(n-1), at most 6 hours apart; after 12
-- attempts (about a day and a half of a mail server that is down) the mail is failed.
create function private.mail_max_attempts()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 12
$$;

create function private.mail_backoff(attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select least(interval '30 seconds' * power(2, greatest(attempts, 1) - 1), interval '6 hours')
$$;

-- The drain (Edge Function send-mail, service role) claims up to `batch_size` due mails: each
-- gets one more attempt and is held for two minutes. The answer carries what the mail says: the
-- kind, the visitor's language, name and address, the event, the place on the waitlist, and a
-- fresh cancel token for mails with the cancel link (a registration that still holds or waits
-- for a seat). A claimed mail whose registration is gone, or has no email any more, is failed.
create function public.claim_mails(batch_size integer default 10)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed jsonb := '[]'::jsonb;
  m record;
  token text;
begin
  for m in
    with due as (
      select o.id from public.mail_outbox o
       where o.state = 'queued' and o.next_attempt_at <= now()
         and (o.locked_until is null or o.locked_until <= now())
       order by o.next_attempt_at, o.id
       limit greatest(1, least(coalesce(batch_size, 10), 100))
       for update skip locked
    )
    update public.mail_outbox o
       set attempts = o.attempts + 1, locked_until = now() + interval '2 minutes'
      from due where o.id = due.id
    returning o.id, o.kind, o.submission_id
  loop
    token := null;
    if m.kind in ('registration_confirmed', 'registration_waitlisted', 'registration_promoted', 'event_reminder')
       and exists (select 1 from public.submissions s where s.id = m.submission_id and s.status in ('pending', 'approved')) then
      token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
      insert into private.cancel_tokens (token_hash, submission_id, mail_id)
      values (private.token_hash(token), m.submission_id, m.id);
    end if;
    claimed := claimed || coalesce((
      select jsonb_build_array(jsonb_build_object(
        'id', m.id,
        'kind', m.kind,
        'to', s.email,
        'name', s.name,
        'language', coalesce(s.language, 'ar'),
        'waitlistPlace', case when s.waitlist_position is not null then (
          select count(*) from public.submissions w
           where w.event_id = s.event_id and w.type = 'event_registration' and w.status = 'pending'
             and w.waitlist_position is not null and w.waitlist_position <= s.waitlist_position) end,
        'cancelToken', token,
        'event', jsonb_build_object('id', e.id, 'title', e.title, 'description', e.description,
                                    'location', e.location, 'startsAt', e.starts_at)))
        from public.submissions s join public.events e on e.id = s.event_id
       where s.id = m.submission_id and s.email is not null), '[]'::jsonb);
  end loop;
  -- Claimed but nothing to say it with (no address any more): failed at once.
  update public.mail_outbox o set state = 'failed', last_error = 'no_recipient', locked_until = null
   where o.locked_until > now() and o.state = 'queued'
     and o.id not in (select (c ->> 'id')::bigint from jsonb_array_elements(claimed) c)
     and not exists (select 1 from public.submissions s where s.id = o.submission_id and s.email is not null);
  return claimed;
end;
$$;
revoke execute on function public.claim_mails(integer) from anon, authenticated;
grant execute on function public.claim_mails(integer) to service_role;

-- The drain's answer for one claimed mail: `error` null = the SMTP server accepted it (sent);
-- otherwise the error is kept and the mail waits for its next attempt, or fails after the last.
-- A mail that failed takes its cancel token back (nobody received it).
create function public.finish_mail(mail_id bigint, error text default null)
returns public.mail_state
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.mail_state;
begin
  if error is null then
    update public.mail_outbox o
       set state = 'sent', sent_at = now(), last_error = null, locked_until = null
     where o.id = mail_id and o.state = 'queued'
    returning o.state into result;
  else
    update public.mail_outbox o
       set state = case when o.attempts >= private.mail_max_attempts() then 'failed' else 'queued' end::public.mail_state,
           last_error = left(error, 1000),
           next_attempt_at = now() + private.mail_backoff(o.attempts),
           locked_until = null
     where o.id = mail_id and o.state = 'queued'
    returning o.state into result;
    delete from private.cancel_tokens t where t.mail_id = finish_mail.mail_id and t.used_at is null;
  end if;
  return result;
end;
$$;
revoke execute on function public.finish_mail(bigint, text) from anon, authenticated;
grant execute on function public.finish_mail(bigint, text) to service_role;

-- The registration behind a cancel link, for the public site's cancel page (nothing is changed).
-- Refusals (P0001 keys): cancel_token_invalid (no such link: mistyped, or the registration was
-- deleted), cancel_token_used (already cancelled).
create function private.registration_by_token(token text)
returns public.submissions
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_row public.submissions;
begin
  select s.* into found_row from private.cancel_tokens t join public.submissions s on s.id = t.submission_id
   where t.token_hash = private.token_hash(coalesce(token, ''));
  if not found then
    raise exception using errcode = 'P0001', message = 'cancel_token_invalid';
  end if;
  if found_row.status = 'cancelled' then
    raise exception using errcode = 'P0001', message = 'cancel_token_used';
  end if;
  return found_row;
end;
$$;

-- {eventId, title (localized), startsAt, location, status, waitlisted}
create function public.cancel_lookup(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  reg public.submissions := private.registration_by_token(token);
begin
  return (select jsonb_build_object('eventId', e.id, 'title', e.title, 'startsAt', e.starts_at, 'location', e.location,
                                    'status', reg.status, 'waitlisted', reg.waitlist_position is not null)
            from public.events e where e.id = reg.event_id);
end;
$$;
grant execute on function public.cancel_lookup(text) to anon, authenticated;

-- Cancels the registration behind a cancel link: it becomes `cancelled`, its seat goes to the
-- first on the waitlist (private.refill_places, through the status trigger), and the link is
-- used. Refusals: those of private.registration_by_token, event_not_upcoming (the event has
-- started), not_pending (staff rejected it: there is nothing to cancel). Answers {eventId}.
create function public.cancel_registration(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  reg public.submissions := private.registration_by_token(token);
begin
  -- The row, then the check: two clicks at once cancel once, the second gets cancel_token_used.
  select * into reg from public.submissions s where s.id = reg.id for update;
  if reg.status = 'cancelled' then
    raise exception using errcode = 'P0001', message = 'cancel_token_used';
  end if;
  if reg.status = 'rejected' then
    raise exception using errcode = 'P0001', message = 'not_pending';
  end if;
  if (select e.starts_at from public.events e where e.id = reg.event_id) <= now() then
    raise exception using errcode = 'P0001', message = 'event_not_upcoming';
  end if;
  update public.submissions s set status = 'cancelled', reviewed_at = null, reviewed_by = null where s.id = reg.id;
  update private.cancel_tokens t set used_at = now() where t.token_hash = private.token_hash(token);
  return jsonb_build_object('eventId', reg.event_id);
end;
$$;
grant execute on function public.cancel_registration(text) to anon, authenticated;

-- Reminders: the day before an event, one mail to each registrant with an email who holds a
-- seat (pending or approved, not waitlisted), queued once per registration (the unique index),
-- for events starting within a day of `as_of` ("now"; tests pass the moment they want). A
-- registration made within that last day is not reminded: its confirmation has just gone.
-- Supabase Cron runs it hourly on a hosted project (below); the local stack on a timer. Answers
-- how many reminders it queued.
create function private.queue_reminders(as_of timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  insert into public.mail_outbox (submission_id, kind)
  select s.id, 'event_reminder'
    from public.submissions s join public.events e on e.id = s.event_id
   where s.type = 'event_registration' and s.email is not null and s.status in ('pending', 'approved')
     and s.waitlist_position is null
     and e.starts_at > as_of and e.starts_at <= as_of + interval '1 day'
     and s.created_at <= e.starts_at - interval '1 day'
  on conflict (submission_id) where kind = 'event_reminder' do nothing;
  get diagnostics queued = row_count;
  return queued;
end;
$$;

-- Supabase Cron (pg_cron) on hosted projects, as the retention run (20261122080600_privacy.sql).
-- The drain (calling the Edge Function send-mail with pg_net) needs the project's URL and service
-- key from Vault, which a migration cannot know: docs/mail.md has its cron.schedule call.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('queue-reminders', '7 * * * *', 'select private.queue_reminders()');
  end if;
end;
$$;
