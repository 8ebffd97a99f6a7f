-- Partners: the organisations the union works with (docs/data-model.md "partners"), each with a
-- logo, on the about page and in the console. A content table by the registry's one call
-- (docs/adding-a-content-type.md).
create table public.partners (
  id uuid primary key default gen_random_uuid(),
  name jsonb not null check (private.is_localized(name)),
  description jsonb not null check (private.is_localized(description)),
  website_url text check (private.is_https_url(website_url)),
  logo_path text not null,
  sort_order integer not null default 0 check (sort_order >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint partners_created_at_in_range check (private.date_in_range(created_at)),
  constraint partners_updated_at_in_range check (private.date_in_range(updated_at))
);

select private.add_content_table('public.partners', image_column => 'logo_path', image_folder => 'partners');

-- The about page's texts for it, which staff may override (20261201102000_translation_keys.sql).
insert into private.translation_keys (key) values ('about.partnersTitle'), ('about.partnersText');
