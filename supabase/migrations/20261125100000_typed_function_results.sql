-- Typed results for the database functions the apps and the Edge Function send-mail read field by
-- field. They answered `jsonb` built with jsonb_build_object, which the generated types
-- (shared/src/database.types.ts) can only call `Json`: a field renamed here broke a reader at run
-- time, in a visitor's browser or in a mail. Each now returns a composite type or a table's row
-- type, so the generated types name every field and a rename fails the type check. Field names
-- are the database's (snake_case), as for tables. Grants and behaviour are those of the functions
-- they replace (20261122080600_privacy.sql, 20261122080700_mail.sql, 20261122080400_submissions.sql);
-- only the shape of the answers changes.

-- cancel_lookup: the registration behind a cancel link, for the public site's cancel page.
create type public.cancel_details as (
  event_id uuid,
  title jsonb,
  starts_at timestamptz,
  location jsonb,
  status public.submission_status,
  waitlisted boolean
);
comment on type public.cancel_details is 'What public.cancel_lookup answers: the event of a registration behind a cancel link and whether it waits for a seat.';

drop function public.cancel_lookup(text);
create function public.cancel_lookup(token text)
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
  select e.id, e.title, e.starts_at, e.location, reg.status, reg.waitlist_position is not null
    into found_row
    from public.events e where e.id = reg.event_id;
  return found_row;
end;
$$;
grant execute on function public.cancel_lookup(text) to anon, authenticated;

-- cancel_registration answers the event's id (the cancel page links back to it).
drop function public.cancel_registration(text);
create function public.cancel_registration(token text)
returns uuid
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
  return reg.event_id;
end;
$$;
grant execute on function public.cancel_registration(text) to anon, authenticated;

-- claim_mails: one row per claimed mail, with what the mail says (the renderer,
-- shared/src/mail/render.ts, reads these fields through shared/src/mail/outbox.ts).
create type public.claimed_mail as (
  id bigint,
  kind public.mail_kind,
  email text,
  name text,
  language text,
  waitlist_place integer,
  cancel_token text,
  event_id uuid,
  event_title jsonb,
  event_description jsonb,
  event_location jsonb,
  event_starts_at timestamptz
);
comment on type public.claimed_mail is 'One mail claimed by public.claim_mails for the Edge Function send-mail: the recipient, the event, the place on the waitlist and a fresh cancel token.';

drop function public.claim_mails(integer);
create function public.claim_mails(batch_size integer default 10)
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
    if m.kind in ('registration_confirmed', 'registration_waitlisted', 'registration_promoted', 'event_reminder')
       and exists (select 1 from public.submissions s where s.id = m.submission_id and s.status in ('pending', 'approved')) then
      token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
      insert into private.cancel_tokens (token_hash, submission_id, mail_id)
      values (private.token_hash(token), m.submission_id, m.id);
    end if;
    mail := null;
    select m.id, m.kind, s.email, s.name, coalesce(s.language, 'ar'),
           case when s.waitlist_position is not null then (
             select count(*)::integer from public.submissions w
              where w.event_id = s.event_id and w.type = 'event_registration' and w.status = 'pending'
                and w.waitlist_position is not null and w.waitlist_position <= s.waitlist_position) end,
           token, e.id, e.title, e.description, e.location, e.starts_at
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

-- person_data: everything stored about one person. Its lists are the tables' own row types, so a
-- column added to a table is in the copy a person receives without anyone changing this type.
create type public.person_staff as (email text, role public.staff_role, created_at timestamptz);
comment on type public.person_staff is 'A staff account in public.person_data: the address, the role and since when (never the user id).';
create type public.titled as (id uuid, title jsonb);
comment on type public.titled is 'An event or a book by its id with its localized title (public.person_data: what the forms are about).';
create type public.person_data as (
  student_number text,
  email text,
  submissions public.submissions[],
  titles public.titled[],
  mails public.mail_outbox[],
  students public.students[],
  staff public.person_staff[],
  audit public.audit_log[]
);
comment on type public.person_data is 'What public.person_data answers: the forms (with the titles of the events and books they name), the mails about them, the register record, a staff account and the audit entries of one person.';

drop function public.person_data(text, text);
create function public.person_data(student_number text default null, email text default null)
returns public.person_data
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person record;
  answer public.person_data;
begin
  if not private.is_superadmin() then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  select * into person from private.person_filter(student_number, email);
  answer.student_number := person.number;
  answer.email := person.address;
  -- A stored form's honeypot is always null (the submissions trigger clears it).
  answer.submissions := coalesce((
    select array_agg(s order by s.created_at) from public.submissions s
     where s.id in (select private.person_submission_ids(person.number, person.address))), '{}');
  answer.titles := coalesce((
    select array_agg(row(t.id, t.title)::public.titled order by t.id) from (
      select e.id, e.title from public.events e where e.id in (select x.event_id from unnest(answer.submissions) x)
      union all
      select b.id, b.title from public.books b where b.id in (select x.book_id from unnest(answer.submissions) x)
    ) t), '{}');
  -- The mails about those forms (public.mail_outbox, 20261122080700_mail.sql): kind, state, errors.
  answer.mails := coalesce((
    select array_agg(m order by m.id) from public.mail_outbox m
     where m.submission_id in (select private.person_submission_ids(person.number, person.address))), '{}');
  answer.students := coalesce((
    select array_agg(r order by r.created_at) from public.students r
     where person.number is not null and r.student_number = person.number), '{}');
  answer.staff := coalesce((
    select array_agg(row(t.email, t.role, t.created_at)::public.person_staff order by t.created_at) from public.staff t
     where person.address is not null and lower(t.email) = person.address), '{}');
  answer.audit := coalesce((
    select array_agg(l order by l.at, l.id) from public.audit_log l
     where l.id in (select private.person_audit_ids(person.number, person.address))), '{}');
  return answer;
end;
$$;

-- erase_person: how many rows it deleted or stripped. The audit entry keeps its JSON as before.
create type public.erasure_counts as (submissions integer, students integer, audit_entries integer);
comment on type public.erasure_counts is 'What public.erase_person answers: the forms and register records deleted, the audit entries stripped.';

drop function public.erase_person(text, text);
create function public.erase_person(student_number text default null, email text default null)
returns public.erasure_counts
language plpgsql
security definer
set search_path = ''
as $$
declare
  person record;
  counts public.erasure_counts;
begin
  if not private.is_superadmin() then
    raise exception using errcode = '42501', message = 'not_allowed';
  end if;
  select * into person from private.person_filter(student_number, email);
  if person.address is not null and exists (select 1 from public.staff t where lower(t.email) = person.address) then
    raise exception using errcode = 'P0001', message = 'staff_account';
  end if;

  delete from public.submissions s where s.id in (select private.person_submission_ids(person.number, person.address));
  get diagnostics counts.submissions = row_count;
  delete from public.students r where person.number is not null and r.student_number = person.number;
  get diagnostics counts.students = row_count;

  -- After the deletes, so the entries they wrote lose their data too.
  update public.audit_log l
  set before = case when l.table_name in ('students', 'staff', 'submissions') then null else l.before end,
      after = case when l.table_name in ('students', 'staff', 'submissions') then null else l.after end,
      actor_email = case when lower(l.actor_email) = person.address then null else l.actor_email end,
      actor_id = case when lower(l.actor_email) = person.address then null else l.actor_id end,
      anonymised_at = now()
  where l.id in (select private.person_audit_ids(person.number, person.address));
  get diagnostics counts.audit_entries = row_count;

  insert into public.audit_log (actor_id, actor_email, table_name, action, after)
  values (auth.uid(), (select t.email from public.staff t where t.user_id = auth.uid()), 'privacy', 'ERASE',
          jsonb_build_object('submissions', counts.submissions, 'students', counts.students,
                             'auditEntries', counts.audit_entries));
  return counts;
end;
$$;

-- Signed-in callers may call them; both answer 42501 not_allowed to anyone but a superadmin.
grant execute on function public.person_data(text, text), public.erase_person(text, text) to authenticated;

-- submit keeps answering `jsonb`: its body is PostgREST's error object for a refusal (returned, not
-- raised, so that the attempt is committed: 20261122080400_submissions.sql) or, for an accepted
-- registration, whether it waits for a seat; no one row type is both, and the answers visitors get
-- stay exactly as they were. The registration's answer is now written through a type of its own,
-- which the generated types carry (CompositeTypes) and the public site reads it with.
create type public.submit_answer as (waitlisted boolean);
comment on type public.submit_answer is 'What public.submit answers for an accepted event registration (other accepted forms: null; refusals: PostgREST''s error object).';

create or replace function public.submit(jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  -- A refusal ({code, message, details, hint}) and null pass as they are.
  select case when a is null or a ? 'code' then a
              else to_jsonb(jsonb_populate_record(null::public.submit_answer, a)) end
    from private.submit($1) a
$$;
