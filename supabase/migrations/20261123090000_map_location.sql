-- The contact page's map is a setting: `mapLocation`, the text "latitude, longitude" in
-- decimal degrees (e.g. "40.2262, 28.8724", as map apps copy it), or '' for no map.
-- settings_value_type (20261122080200) already makes it a string of at most 500 characters.

-- The key list was an inline check on settings.key; Postgres named it settings_key_check.
-- Replace it in one statement, so there is no moment without a key check.
alter table public.settings
  drop constraint settings_key_check,
  add constraint settings_key_check check (key in (
    'footerAddress', 'footerEmail', 'footerPhone', 'footerFacebook', 'footerTwitter',
    'footerInstagram', 'footerLinkedIn', 'footerYouTube', 'allStudentsCanBorrow', 'mapLocation'
  ));

-- The value is strict: ASCII digits, '.' for decimals, an optional minus, one comma, spaces
-- (U+0020 only) around the numbers; latitude in [-90, 90], longitude in [-180, 180].
-- The console turns Arabic-Indic digits, the Arabic comma and "40.2° N, 28.8° E" into this
-- form before saving (normalizeMapLocation in shared/src/map.ts), and parseMapLocation there
-- accepts exactly this, so what is stored is always what the public site can read.
-- Explicit [0-9] and ' ' rather than \d and \s: those classes follow the locale. At most three
-- integer digits keeps the float8 cast in range; float8 (like a JS Number) rounds the same
-- way on both sides, so the app and the database agree at the limits.
-- CASE, not AND: SQL does not promise to evaluate AND left to right, and the casts must
-- only ever see text that matched (a bad value is a check violation, 23514, never a cast
-- error).
alter table public.settings add constraint settings_map_location check (
  key <> 'mapLocation'
  or value = '""'::jsonb
  or case
    when jsonb_typeof(value) = 'string'
      and (value #>> '{}') ~ '^ *-?[0-9]{1,3}(\.[0-9]+)? *, *-?[0-9]{1,3}(\.[0-9]+)? *$'
    then split_part(value #>> '{}', ',', 1)::float8 between -90 and 90
      and split_part(value #>> '{}', ',', 2)::float8 between -180 and 180
    else false
  end
);
