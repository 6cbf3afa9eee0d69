-- The people a user referred page by cursor (issue 33, decision 0169): my_referred_users takes
-- `p_after jsonb` (the last row's time and the referral's id, as the cursors of decision 0165) in
-- place of `p_offset`, reads the caller's referrals newest first from an index in that order, one
-- row more than the page, and answers {items, next, total, total_capped} with a total that stops
-- counting at 1,001 (private.keyset_page). Items still carry display names only; the cursor's id is
-- the referral's, not the person's.

create index referrals_referrer_created_idx on public.referrals (referrer_id, created_at desc, id desc);

drop function public.my_referred_users(integer, integer);
create function public.my_referred_users(p_limit integer default 50, p_after jsonb default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_me uuid := auth.uid();
  v_at timestamptz;
  v_id uuid;
  v_rows jsonb;
  v_total bigint;
begin
  perform private.require_aal_satisfied();
  if v_me is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 then
    raise exception 'p_limit must be 1–200' using errcode = '22023';
  end if;
  v_at := private.cursor_time(p_after);
  v_id := private.cursor_uuid(p_after);
  select coalesce(jsonb_agg(jsonb_build_object('k', r.created_at::text, 'id', r.id, 'row', jsonb_build_object(
      'display_name', private.display_name(r.referred_id), 'level', r.level, 'reward', r.reward,
      'status', r.status, 'joined_at', r.created_at))
      order by r.created_at desc, r.id desc), '[]')
    into v_rows
    from (select r.* from public.referrals r
           where r.referrer_id = v_me and (r.created_at, r.id) < (v_at, v_id)
           order by r.created_at desc, r.id desc
           limit p_limit + 1) r;
  select count(*) into v_total from (select 1 from public.referrals r where r.referrer_id = v_me limit 1001) c;
  return private.keyset_page(v_rows, p_limit, v_total);
end
$$;
revoke execute on function public.my_referred_users(integer, jsonb) from public;
grant execute on function public.my_referred_users(integer, jsonb) to authenticated;
