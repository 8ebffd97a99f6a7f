-- Hardening after the first review.

-- is_localized: never evaluate jsonb_object_keys() on a non-object (SQL does not promise
-- left-to-right evaluation of AND), so a scalar is a check violation, not a runtime error.
create or replace function private.is_localized(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null or jsonb_typeof(value) <> 'object' then false
    else (select count(*) from jsonb_object_keys(value)) = 3
      and coalesce(jsonb_typeof(value -> 'en') = 'string' and btrim(value ->> 'en') <> '', false)
      and coalesce(jsonb_typeof(value -> 'ar') = 'string' and btrim(value ->> 'ar') <> '', false)
      and coalesce(jsonb_typeof(value -> 'tr') = 'string' and btrim(value ->> 'tr') <> '', false)
  end
$$;

-- Footer social links are rendered as links on the public site: empty, or an https URL.
alter table public.settings add constraint settings_links_https check (
  key not in ('footerFacebook', 'footerTwitter', 'footerInstagram', 'footerLinkedIn', 'footerYouTube')
  or value = '""'::jsonb
  or (jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^https://[^\s/$.?#][^\s]*$')
);
