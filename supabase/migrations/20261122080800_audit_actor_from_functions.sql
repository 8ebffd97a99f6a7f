-- Audit actor for writes the Edge Functions make with the service role on behalf of a
-- signed-in superadmin (admin-users): they send the verified caller's id in the request
-- header x-audit-actor. Honoured only for the service role, which is trusted anyway;
-- for everybody else the actor is the JWT's user.
create or replace function private.write_audit_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  row_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  any_row jsonb := coalesce(row_after, row_before);
  actor uuid := auth.uid();
  actor_email text := auth.jwt() ->> 'email';
  header_actor text;
begin
  if actor is null and coalesce(current_setting('role', true), '') = 'service_role' then
    header_actor := nullif(current_setting('request.headers', true), '')::json ->> 'x-audit-actor';
    if header_actor ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
      actor := header_actor::uuid;
    end if;
  end if;
  if actor_email is null and actor is not null then
    actor_email := coalesce(
      (select s.email from public.staff s where s.user_id = actor),
      (select u.email from auth.users u where u.id = actor)
    );
  end if;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, before, after)
  values (
    actor,
    actor_email,
    tg_table_name,
    coalesce(any_row ->> 'id', any_row ->> 'key', any_row ->> 'user_id'),
    tg_op,
    row_before,
    row_after
  );
  return null;
end;
$$;
