-- The public images bucket: images only, 5 MiB, four folders. Only staff write; public
-- URLs are served without a policy because the bucket is public. No select policy for
-- visitors, so the bucket cannot be listed by them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('images', 'images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "staff read images" on storage.objects for select to authenticated
  using (bucket_id = 'images' and (select private.is_staff()));

create policy "staff upload images" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.is_staff())
  );

create policy "staff update images" on storage.objects for update to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.is_staff())
  )
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.is_staff())
  );

create policy "staff delete images" on storage.objects for delete to authenticated
  using (
    bucket_id = 'images'
    and (storage.foldername(name))[1] in ('board-members', 'events', 'books', 'achievements')
    and (select private.is_staff())
  );
