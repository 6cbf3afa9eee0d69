-- admin_dashboard_stats(), tightened now that the assets area's public.assets exists (block
-- 2026112200040x runs before this one): a plain reference instead of the to_regclass/dynamic SQL
-- guard of 20261122000510, so a renamed or dropped table fails loudly instead of showing 0.
-- Adds the count of public assets.
create or replace function public.admin_dashboard_stats() returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.require_admin();

  select json_build_object(
    'users_total', (select count(*) from auth.users),
    'users_confirmed', (select count(*) from auth.users u where u.email_confirmed_at is not null),
    'users_new_week', (select count(*) from auth.users u where u.created_at >= now() - interval '7 days'),
    'users_new_month', (select count(*) from auth.users u where u.created_at >= now() - interval '30 days'),
    'users_banned', (select count(*) from auth.users u where u.banned_until > now()),
    'tokens_in_circulation', (select coalesce(sum(w.balance), 0) from public.user_wallets w),
    'tokens_earned', (select coalesce(sum(t.amount), 0) from public.token_transactions t where t.amount > 0),
    'tokens_spent', (select coalesce(-sum(t.amount), 0) from public.token_transactions t where t.amount < 0),
    'transactions', (select count(*) from public.token_transactions),
    'assets', (select count(*) from public.assets),
    'public_assets', (select count(*) from public.assets a where a.privacy = 'public'),
    'referrals', (select count(*) from public.referrals r where r.level = 1),
    'pending_business_requests', (select count(*) from public.business_requests b where b.status = 'pending'),
    -- One row per day for the last 30 days (today included), zero-filled, oldest first.
    'signups_by_day', (
      select json_agg(json_build_object('day', d.day::date, 'count', coalesce(c.n, 0)) order by d.day)
        from generate_series((now() at time zone 'utc')::date - 29, (now() at time zone 'utc')::date, interval '1 day') as d(day)
        left join (
          select (u.created_at at time zone 'utc')::date as day, count(*) as n
            from auth.users u
           where u.created_at >= (now() at time zone 'utc')::date - 29
           group by 1
        ) c on c.day = d.day::date
    )
  ) into v_result;
  return v_result;
end
$$;
revoke execute on function public.admin_dashboard_stats() from public;
grant execute on function public.admin_dashboard_stats() to authenticated, service_role;
