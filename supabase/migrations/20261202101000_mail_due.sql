-- When a mail is due, written once: private.due_mails, the queued mails whose time has come and
-- that no drain holds. claim_mails claims from it, and the local stack's drain
-- (supabase/local-stack/src/mail-jobs.ts) asks it whether to call send-mail, so the drain never
-- calls the function, every second, for a mail claim_mails would not claim. The Supabase Cron job send-mail (20261201101000_send_mail_schedule.sql) calls the
-- function every minute without looking at the queue, so it has no copy of the rule.
create view private.due_mails with (security_invoker = true) as
  -- Only what its readers use: a view of o.* would hold every column of the outbox fast.
  select o.id, o.next_attempt_at from public.mail_outbox o
   where o.state = 'queued' and o.next_attempt_at <= now()
     and (o.locked_until is null or o.locked_until <= now());
comment on view private.due_mails is
  'The mails a drain may claim now (public.claim_mails): queued, their next attempt due, not held by another drain.';

-- Locking through the view locks the outbox rows, so two drains still never claim the same mail.
create or replace function public.claim_mails(batch_size integer default 10)
returns setof public.claimed_mail
language plpgsql
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
      select d.id from private.due_mails d
       order by d.next_attempt_at, d.id
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
