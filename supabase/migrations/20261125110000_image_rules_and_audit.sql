-- Images (bucket `images`): who may replace or delete them, and the audit of every change.
--
-- Only superadmins delete content (docs/permissions.md), so an image a content row uses is
-- theirs alone to replace or delete: an editor who could overwrite or remove it would delete the
-- content's photo without deleting the content. An editor still replaces and removes images no
-- row uses (an upload whose save failed, the old photo after they changed an event's photo, which
-- editing allows), so the console's cleanup keeps working for them.
--
-- Every insert, update and delete of an image is written to public.audit_log (table_name
-- 'images', row_id the object's name), like the content tables' changes.

-- The stem of a stored image path: a resized upload `<folder>/<base>-<timestamp>-<W>x<H>.<ext>`
-- and its small variant share `<folder>/<base>-<timestamp>` (shared/src/storage.ts, SIZED_PATH);
-- any other name is its own stem.
create function private.image_stem(path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(path, '^((?:[A-Za-z0-9_-]+/)+[A-Za-z0-9_-]+-[0-9]+)-[1-9][0-9]*x[1-9][0-9]*\.(webp|jpg)$', '\1')
$$;

-- Whether a content row uses the object `name` (as its path, or as that path's small variant).
-- Security definer: rows an editor cannot read (none today) still count.
create function private.image_in_use(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from (
        select photo_path as path from public.events
        union all select photo_path from public.board_members
        union all select cover_path from public.books
        union all select photo_path from public.achievements
      ) used
     where used.path is not null
       and private.image_stem(used.path) = private.image_stem(name)
  )
$$;
grant execute on function private.image_in_use(text) to authenticated, service_role;

-- Which images the signed-in caller may replace or delete: a superadmin any, other staff those
-- no content row uses.
create function private.may_change_image(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_superadmin() or (private.is_staff() and not private.image_in_use(name))
$$;
grant execute on function private.may_change_image(text) to authenticated, service_role;

drop policy "staff update images" on storage.objects;
create policy "staff update images" on storage.objects for update to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.may_change_image(name))
  )
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.may_change_image(name))
  );

drop policy "staff delete images" on storage.objects;
create policy "staff delete images" on storage.objects for delete to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.may_change_image(name))
  );

-- What an image's audit entry keeps: the name, its size and type, who owns it.
create function private.image_audit_row(o storage.objects)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'name', o.name,
    'size', o.metadata -> 'size',
    'mimetype', o.metadata ->> 'mimetype',
    'owner_id', o.owner_id
  )
$$;

-- The actor is the JWT's user. Storage writes the row of an upload itself after testing the
-- caller's insert, in a transaction without the caller's claims; the row's owner is that caller.
create function private.write_image_audit_log()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  o storage.objects := case when tg_op = 'DELETE' then old else new end;
  actor uuid := auth.uid();
begin
  if o.bucket_id <> 'images' then
    return null;
  end if;
  -- Storage touches rows without changing the image (last_accessed_at): nothing to record.
  if tg_op = 'UPDATE' and private.image_audit_row(old) = private.image_audit_row(new)
     and old.version is not distinct from new.version then
    return null;
  end if;
  if actor is null and o.owner_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    actor := o.owner_id::uuid;
  end if;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, before, after)
  values (
    actor,
    coalesce(
      auth.jwt() ->> 'email',
      (select s.email from public.staff s where s.user_id = actor),
      (select u.email from auth.users u where u.id = actor)
    ),
    'images',
    o.name,
    tg_op,
    case when tg_op in ('UPDATE', 'DELETE') then private.image_audit_row(old) end,
    case when tg_op in ('INSERT', 'UPDATE') then private.image_audit_row(new) end
  );
  return null;
end;
$$;

create trigger write_image_audit_log after insert or update or delete on storage.objects
  for each row execute function private.write_image_audit_log();
