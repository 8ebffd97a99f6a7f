-- News joins edit safety (docs/data-model.md, "Row versions" and "History and restore"): the news
-- table and the two functions were written side by side, so the one line each that a new content
-- type adds comes here, after both.
select private.track_version('public.news');
select private.keep_history('public.news');
