-- The approval mail, and mails that tell each reader only what is true for them (docs/mail.md):
-- 1. When staff approve a registration that has an email, the visitor gets a confirmation in the
--    language they registered in, with the calendar file and the cancel link, through the outbox
--    like every other registration mail (the public texts promise it).
-- 2. claim_mails answers whether the event has a seat limit, so a mail's cancel line says "your
--    place goes to someone else" only when there is a place to give, and no longer answers the
--    visitor's name: the mails carry no text a visitor typed (docs/mail.md, "What a mail says").
-- 3. cancel_lookup answers the same, for the cancel page.
-- Builds on the typed answers of 20261125100000_typed_function_results.sql: the composite types
-- public.claimed_mail and public.cancel_details change (claimed_mail loses `name` and gains
-- `event_limited`, cancel_details gains `limited`), then public.claim_mails and
-- public.cancel_lookup are replaced with the same arguments, return types and grants.

-- Usable once this migration has committed: only function bodies (checked when they run) name it.
alter type public.mail_kind add value if not exists 'registration_approved' after 'registration_promoted';

create function private.mail_registration_approved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_mail(new.id, 'registration_approved');
  return null;
end;
$$;

-- Only a registration that holds a seat can be approved (guard_submission_update refuses a
-- waitlisted one with event_full), so the approval mail always speaks of a held seat.
create trigger mail_registration_approved after update of status on public.submissions
  for each row
  when (new.type = 'event_registration' and new.email is not null
        and old.status <> 'approved' and new.status = 'approved')
  execute function private.mail_registration_approved();

-- No mail carries the visitor's name, so the drain is not even given it (a later template cannot
-- put it back by accident); whether the event has a seat limit is added at the end.
alter type public.claimed_mail drop attribute name, add attribute event_limited boolean;
comment on type public.claimed_mail is 'One mail claimed by public.claim_mails for the Edge Function send-mail: the recipient''s address and language, the event (and whether it has a seat limit), the place on the waitlist and a fresh cancel token; never the visitor''s name.';

alter type public.cancel_details add attribute limited boolean;
comment on type public.cancel_details is 'What public.cancel_lookup answers: the event of a registration behind a cancel link, whether it waits for a seat and whether the event has a seat limit.';

create or replace function public.claim_mails(batch_size integer default 10)
returns setof public.claimed_mail
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed_ids bigint[] := '{}';
  m record;
  token text;
  mail public.claimed_mail;
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
    -- Every mail but the rejection carries the cancel link while there is something to cancel.
    if m.kind::text <> 'registration_rejected'
       and exists (select 1 from public.submissions s where s.id = m.submission_id and s.status in ('pending', 'approved')) then
      token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
      insert into private.cancel_tokens (token_hash, submission_id, mail_id)
      values (private.token_hash(token), m.submission_id, m.id);
    end if;
    mail := null;
    select m.id, m.kind, s.email, coalesce(s.language, 'ar'),
           case when s.waitlist_position is not null then (
             select count(*)::integer from public.submissions w
              where w.event_id = s.event_id and w.type = 'event_registration' and w.status = 'pending'
                and w.waitlist_position is not null and w.waitlist_position <= s.waitlist_position) end,
           token, e.id, e.title, e.description, e.location, e.starts_at, e.capacity is not null
      into mail
      from public.submissions s join public.events e on e.id = s.event_id
     where s.id = m.submission_id and s.email is not null;
    if mail.id is not null then
      claimed_ids := claimed_ids || mail.id;
      return next mail;
    end if;
  end loop;
  -- Claimed but nothing to say it with (no address any more): failed at once.
  update public.mail_outbox o set state = 'failed', last_error = 'no_recipient', locked_until = null
   where o.locked_until > now() and o.state = 'queued'
     and o.id <> all (claimed_ids)
     and not exists (select 1 from public.submissions s where s.id = o.submission_id and s.email is not null);
  return;
end;
$$;
revoke execute on function public.claim_mails(integer) from anon, authenticated;
grant execute on function public.claim_mails(integer) to service_role;

create or replace function public.cancel_lookup(token text)
returns public.cancel_details
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  reg public.submissions := private.registration_by_token(token);
  found_row public.cancel_details;
begin
  select e.id, e.title, e.starts_at, e.location, reg.status, reg.waitlist_position is not null,
         e.capacity is not null
    into found_row
    from public.events e where e.id = reg.event_id;
  return found_row;
end;
$$;
grant execute on function public.cancel_lookup(text) to anon, authenticated;
