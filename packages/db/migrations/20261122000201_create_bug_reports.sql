-- Bug reports (SPEC §2 Bug report, §3 payload, §4): written only by the submit-bug-report server
-- function (as the service role, after it checked the caller's token and the payload); admins
-- triage them; a reporter may read their own reports. Nobody inserts through the data API.
create table public.bug_reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  user_email text check (user_email is null or char_length(user_email) <= 320),
  user_name text check (user_name is null or char_length(user_name) <= 200),
  error_message text not null check (char_length(btrim(error_message)) between 1 and 5000),
  console_logs text check (console_logs is null or octet_length(console_logs) <= 102400),
  page_url text check (page_url is null or char_length(page_url) <= 2000),
  user_agent text check (user_agent is null or char_length(user_agent) <= 1000),
  metadata jsonb not null default '{}'::jsonb,
  -- Object name in the private bug-screenshots bucket (<user id>/<report id>.jpg).
  screenshot_path text check (screenshot_path is null or char_length(screenshot_path) <= 300),
  status text not null default 'new' check (status in ('new', 'triaged', 'in_progress', 'resolved', 'wont_fix')),
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'critical')),
  admin_notes text check (admin_notes is null or char_length(admin_notes) <= 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The listing pages newest first, filtered by status and/or priority; reporters by user.
create index bug_reports_created_idx on public.bug_reports (created_at desc, id desc);
create index bug_reports_status_created_idx on public.bug_reports (status, created_at desc);
create index bug_reports_priority_created_idx on public.bug_reports (priority, created_at desc);
create index bug_reports_user_idx on public.bug_reports (user_id);

alter table public.bug_reports enable row level security;

create trigger bug_reports_touch before update on public.bug_reports
  for each row execute function private.touch_updated_at();

grant select on public.bug_reports to authenticated, service_role;
-- Admins triage: only status, priority and notes change through the API.
grant update (status, priority, admin_notes) on public.bug_reports to authenticated;
grant delete on public.bug_reports to authenticated;
grant insert, update, delete on public.bug_reports to service_role;

create policy "Admins can read all bug reports" on public.bug_reports
  for select to authenticated using (private.is_admin());
create policy "Reporters can read their own bug reports" on public.bug_reports
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can update bug reports" on public.bug_reports
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete bug reports" on public.bug_reports
  for delete to authenticated using (private.is_admin());

-- RPC bug_report_status_counts(): how many reports the caller can see, per status, counted in
-- SQL (the listing's counters must not depend on the page loaded). Runs as the caller.
create or replace function public.bug_report_status_counts()
returns table (status text, count bigint)
language sql stable security invoker set search_path = ''
as $$
  select s.status, count(r.id)
  from unnest(array['new', 'triaged', 'in_progress', 'resolved', 'wont_fix']) as s(status)
  left join public.bug_reports r on r.status = s.status
  group by s.status
  order by array_position(array['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'], s.status)
$$;

revoke execute on function public.bug_report_status_counts() from public;
grant execute on function public.bug_report_status_counts() to authenticated, service_role;
