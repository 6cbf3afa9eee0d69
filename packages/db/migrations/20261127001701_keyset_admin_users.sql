-- The admins' users table pages by cursor (issue 33, decision 0169): admin_list_users takes
-- `p_after jsonb` (the last row's sign-up time and id, as the cursors of decision 0165) in place of
-- `p_offset`, reads newest first from an index on (created_at, id) one row more than the page, and
-- answers {items, next, total, total_capped} with a total that stops counting at 1,001
-- (private.keyset_page). Ties on the sign-up time are broken by id, in the same direction.

-- Serves the order from the cursor on (scanned backwards), and the sign-ups' date ranges that the
-- index on created_at alone served.
drop index auth.users_created_at_idx;
create index users_created_at_id_idx on auth.users (created_at, id);

drop function public.admin_list_users(text, text, boolean, integer, integer);
create function public.admin_list_users(
  p_search text default null, p_role text default null, p_confirmed boolean default null,
  p_limit integer default 25, p_after jsonb default null
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text := '%' || private.like_escape(btrim(coalesce(p_search, ''))) || '%';
  v_at timestamptz;
  v_id uuid;
  v_rows jsonb;
  v_total bigint;
begin
  perform private.require_admin();
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'p_limit must be 1–100' using errcode = '22023';
  end if;
  if p_role is not null and p_role not in ('standard', 'moderator', 'admin') then
    raise exception 'Unknown role' using errcode = '22023';
  end if;
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  -- After the admin check: a refused caller learns nothing from a cursor's errors.
  v_at := private.cursor_time(p_after);
  v_id := private.cursor_uuid(p_after);
  select coalesce(jsonb_agg(jsonb_build_object('k', x.created_at::text, 'id', x.id, 'row', jsonb_build_object(
      'id', p.id, 'email', u.email, 'full_name', p.full_name, 'role', p.role,
      'is_business_user', p.is_business_user, 'referral_code', p.referral_code,
      'balance', coalesce(w.balance, 0), 'email_confirmed_at', u.email_confirmed_at,
      'banned_until', u.banned_until, 'last_sign_in_at', u.last_sign_in_at, 'created_at', u.created_at,
      'pending_business_request',
        exists (select 1 from public.business_requests b where b.user_id = p.id and b.status = 'pending')))
      order by x.created_at desc, x.id desc), '[]')
    into v_rows
    from (select u.id, u.created_at
            from auth.users u
            join public.user_profiles p on p.id = u.id
           where (v_search is null or u.email ilike v_pattern or p.full_name ilike v_pattern
                  or p.referral_code ilike v_pattern)
             and (p_role is null or p.role = p_role)
             and (p_confirmed is null or (u.email_confirmed_at is not null) = p_confirmed)
             and (u.created_at, u.id) < (v_at, v_id)
           order by u.created_at desc, u.id desc
           limit p_limit + 1) x
    join auth.users u on u.id = x.id
    join public.user_profiles p on p.id = x.id
    left join public.user_wallets w on w.user_id = x.id;
  select count(*) into v_total from (
    select 1 from auth.users u join public.user_profiles p on p.id = u.id
     where (v_search is null or u.email ilike v_pattern or p.full_name ilike v_pattern
            or p.referral_code ilike v_pattern)
       and (p_role is null or p.role = p_role)
       and (p_confirmed is null or (u.email_confirmed_at is not null) = p_confirmed)
     limit 1001) c;
  return private.keyset_page(v_rows, p_limit, v_total);
end
$$;
revoke execute on function public.admin_list_users(text, text, boolean, integer, jsonb) from public;
grant execute on function public.admin_list_users(text, text, boolean, integer, jsonb) to authenticated, service_role;
