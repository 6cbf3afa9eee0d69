-- verify_asset_ledger is public (anyone may check the chain), so one call must not be able to
-- make the database walk an unbounded chain: callers other than the service role check at most
-- 5,000 entries per call and get `next_seq` to continue from.
create or replace function public.verify_asset_ledger(p_from_seq bigint default 1, p_to_seq bigint default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  r public.asset_ledger;
  v_prev_hash text;
  v_expected_seq bigint := greatest(coalesce(p_from_seq, 1), 1);
  v_count bigint := 0;
  v_head public.asset_ledger;
  -- Requests through the API carry their role in the JWT claims; the server's own calls have none.
  v_cap bigint := case when coalesce(auth.role(), '') in ('anon', 'authenticated') then 5000 end;
  v_last_seq bigint;
begin
  if v_expected_seq = 1 then
    v_prev_hash := repeat('0', 64);
  else
    select entry_hash into v_prev_hash from public.asset_ledger where seq = v_expected_seq - 1;
    if v_prev_hash is null then
      return jsonb_build_object('ok', false, 'checked', 0, 'first_bad_seq', v_expected_seq - 1, 'reason', 'missing entry');
    end if;
  end if;
  for r in select * from public.asset_ledger
           where seq >= v_expected_seq and (p_to_seq is null or seq <= p_to_seq)
           order by seq limit coalesce(v_cap, 9223372036854775807) loop
    if r.seq <> v_expected_seq then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', v_expected_seq, 'reason', 'missing entry');
    end if;
    if r.prev_hash <> v_prev_hash then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', r.seq, 'reason', 'broken link');
    end if;
    if r.entry_hash <> private.ledger_entry_hash(r.prev_hash, r.record_hash, r.seq, r.event, r.created_at) then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', r.seq, 'reason', 'entry hash mismatch');
    end if;
    v_prev_hash := r.entry_hash;
    v_expected_seq := v_expected_seq + 1;
    v_count := v_count + 1;
    v_head := r;
  end loop;
  select max(seq) into v_last_seq from public.asset_ledger where p_to_seq is null or seq <= p_to_seq;
  return jsonb_build_object('ok', true, 'checked', v_count, 'head_seq', v_head.seq, 'head_hash', v_head.entry_hash,
    'head_created_at', private.ledger_time(v_head.created_at),
    'next_seq', case when v_head.seq is not null and v_head.seq < coalesce(v_last_seq, 0) then v_head.seq + 1 end);
end
$$;
revoke execute on function public.verify_asset_ledger(bigint, bigint) from public;
grant execute on function public.verify_asset_ledger(bigint, bigint) to anon, authenticated, service_role;
