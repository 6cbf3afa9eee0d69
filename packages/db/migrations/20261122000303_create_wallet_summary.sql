-- RPC wallet_summary(): the /wallet stat cards over the whole history, computed in SQL (the
-- reference product summed only the 20 rows it had loaded). Also lists the sources present in
-- the caller's history so the source filter offers exactly those.
create or replace function public.wallet_summary() returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_result json;
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select json_build_object(
    'balance', coalesce((select w.balance from public.user_wallets w where w.user_id = v_uid), 0),
    'total_earned', coalesce(sum(t.amount) filter (where t.amount > 0), 0),
    'total_spent', coalesce(-sum(t.amount) filter (where t.amount < 0), 0),
    'transaction_count', count(t.id),
    'sources', coalesce(
      (select json_agg(s.source order by s.source)
         from (select distinct t2.source from public.token_transactions t2 where t2.user_id = v_uid) s),
      '[]'::json)
  )
  into v_result
  from public.token_transactions t
  where t.user_id = v_uid;
  return v_result;
end
$$;
revoke execute on function public.wallet_summary() from public;
grant execute on function public.wallet_summary() to authenticated;
