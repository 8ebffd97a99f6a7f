-- Privileges. Supabase's default privileges grant ALL on new tables and functions in
-- public to anon, authenticated and service_role; take back everything and grant only
-- what each role uses. Row-level security then narrows the rows.

revoke all on all tables in schema public from anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;

-- Content and site texts: everyone reads; staff write (policies decide who).
grant select on public.events, public.board_members, public.books, public.achievements,
  public.statistics, public.translations, public.settings to anon, authenticated;
grant insert, update, delete on public.events, public.board_members, public.books,
  public.achievements, public.statistics, public.translations, public.settings to authenticated;

-- Submissions: visitors only insert; staff read, review and (superadmins) delete.
grant insert on public.submissions to anon, authenticated;
grant select, update, delete on public.submissions to authenticated;

-- Staff, students, audit log: never visitors.
grant select, update on public.staff to authenticated;
grant select, insert, update, delete on public.students to authenticated;
grant select on public.audit_log to authenticated;

-- The audit log is unchangeable through the API, also for the service role.
revoke insert, update, delete, truncate on public.audit_log from service_role;

-- Functions: only to whom they serve.
grant execute on function public.is_past(public.events) to anon, authenticated;
grant execute on function public.is_known_student(text) to anon, authenticated;
grant execute on function public.is_staff() to anon, authenticated;
grant execute on function public.is_superadmin() to anon, authenticated;
grant execute on function public.mark_loan_returned(uuid) to authenticated;

-- Helpers that policies, checks and the public wrappers call as the requesting role.
grant execute on function private.is_staff() to anon, authenticated, service_role;
grant execute on function private.is_superadmin() to anon, authenticated, service_role;
grant execute on function private.is_known_student(text) to anon, authenticated, service_role;
grant execute on function private.mark_loan_returned(uuid) to authenticated, service_role;
grant execute on function private.is_localized(jsonb) to anon, authenticated, service_role;
grant execute on function private.is_https_url(text) to anon, authenticated, service_role;
grant execute on function private.is_api_caller() to anon, authenticated, service_role;
grant execute on function private.submission_fields_valid(public.submission_type, text, text, uuid, uuid,
  public.pickup_location, date, text, smallint) to anon, authenticated, service_role;
