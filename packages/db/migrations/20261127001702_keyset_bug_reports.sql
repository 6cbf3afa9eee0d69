-- The admins' bug reports list pages by cursor through the Data API (issue 33, decision 0169):
-- newest first, `(created_at, id) < (cursor)` as `created_at <= t and (created_at < t or id < i)`,
-- one row more than the page, with no count. bug_reports_created_idx (created_at desc, id desc)
-- serves the list unfiltered; the status and priority filters' indexes gain the id, so a filtered
-- page is read in the list's order too, ties included, with no sort.
drop index public.bug_reports_status_created_idx;
create index bug_reports_status_created_idx on public.bug_reports (status, created_at desc, id desc);
drop index public.bug_reports_priority_created_idx;
create index bug_reports_priority_created_idx on public.bug_reports (priority, created_at desc, id desc);
