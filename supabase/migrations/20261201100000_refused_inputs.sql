-- Inputs the database refuses (docs/data-model.md "Refused inputs"): dates outside one sane
-- range, and image objects whose name is not an image's (translation overrides of unknown keys:
-- 20261201102000_translation_keys.sql). Each refusal names itself, so the console says which rule
-- it was (admin-console/src/providers/errors.ts): a check constraint `<table>_<column>_in_range`,
-- the key `invalid_image_name`.

-- Dates: 2000-01-01 to 2100-12-31 (UTC for a time), on every date and time of the content tables
-- and the submissions. isfinite() already refused infinity; a typo such as the year 99999 or 202
-- was a valid date that sorted the site's lists and calendars wrong. One range for all: nothing
-- the union records happened before 2000 or is planned after 2100.
create function private.date_in_range(value timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value >= timestamptz '2000-01-01 00:00:00+00' and value < timestamptz '2101-01-01 00:00:00+00'
$$;

create function private.date_in_range(value date)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value between date '2000-01-01' and date '2100-12-31'
$$;
-- Checks run as the writer: visitors' submissions, staff's saves, the service role's scripts.
grant execute on function private.date_in_range(timestamptz), private.date_in_range(date)
  to anon, authenticated, service_role;

alter table public.achievements
  add constraint achievements_achieved_on_in_range check (private.date_in_range(achieved_on)),
  add constraint achievements_created_at_in_range check (private.date_in_range(created_at)),
  add constraint achievements_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.board_members
  add constraint board_members_created_at_in_range check (private.date_in_range(created_at)),
  add constraint board_members_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.books
  add constraint books_created_at_in_range check (private.date_in_range(created_at)),
  add constraint books_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.events
  add constraint events_starts_at_in_range check (private.date_in_range(starts_at)),
  add constraint events_registration_deadline_in_range check (private.date_in_range(registration_deadline)),
  add constraint events_created_at_in_range check (private.date_in_range(created_at)),
  add constraint events_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.news
  add constraint news_publish_at_in_range check (private.date_in_range(publish_at)),
  add constraint news_created_at_in_range check (private.date_in_range(created_at)),
  add constraint news_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.settings
  add constraint settings_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.statistics
  add constraint statistics_created_at_in_range check (private.date_in_range(created_at)),
  add constraint statistics_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.translations
  add constraint translations_updated_at_in_range check (private.date_in_range(updated_at));
alter table public.submissions
  add constraint submissions_loan_date_in_range check (private.date_in_range(loan_date)),
  add constraint submissions_returned_at_in_range check (private.date_in_range(returned_at)),
  add constraint submissions_attended_at_in_range check (private.date_in_range(attended_at)),
  add constraint submissions_created_at_in_range check (private.date_in_range(created_at)),
  add constraint submissions_reviewed_at_in_range check (private.date_in_range(reviewed_at));

-- Image objects: a name ending in the extension of a type the bucket takes (jpg, jpeg, png, webp,
-- gif, any case), so that a file served from the bucket's public URL is never taken for a page
-- (`photo.html` of PNG bytes). Checked last in the upload and rename policies, after the caller
-- and folder, and raised as Storage reports a refusal (42501, the key as its message); the
-- service role (seed, restore) is not held to it, so objects stored before it stay restorable.
create function private.check_image_name(name text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if name !~* '\.(jpe?g|png|webp|gif)$' then
    raise exception using errcode = '42501', message = 'invalid_image_name';
  end if;
  return true;
end;
$$;
grant execute on function private.check_image_name(text) to authenticated, service_role;

drop policy "staff upload images" on storage.objects;
create policy "staff upload images" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.is_staff())
    and private.check_image_name(name)
  );

drop policy "staff update images" on storage.objects;
create policy "staff update images" on storage.objects for update to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.may_change_image(name))
  )
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements', 'news')
    and (select private.may_change_image(name))
    and private.check_image_name(name)
  );
