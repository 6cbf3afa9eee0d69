-- Two-factor rule (20261123000900, decision 0048) for buying tokens (20261123000600–0602).
-- 0900 re-created apply_referral_on_signup, my_referral_stats and my_referred_users from their
-- pre-purchase bodies, so on a fresh database it undid 0602 (the one-hour attach window, the
-- pending/earned reward columns). This restores 0602's bodies, each with the one line
-- `perform private.require_aal_satisfied();`, and gives token_purchases the restrictive policy.
-- token_packages is a public price list (listed as such in packages/db/tests/aal2.int.test.ts); the
-- admin functions of 0601 already ask private.require_admin(), which checks the rule.

create policy "Two-factor users need an aal2 session" on public.token_purchases as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- As in 20261123000602, plus the rule. The server (service role) has no user and passes it.
create or replace function public.apply_referral_on_signup(
  p_new_user_id uuid,
  p_referral_code text default '',
  p_source text default 'email_verification'
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_confirmed_at timestamptz;
begin
  perform private.require_aal_satisfied();
  if p_new_user_id is null then
    raise exception 'p_new_user_id is required' using errcode = '22023';
  end if;
  if not (auth.role() = 'service_role' or auth.uid() = p_new_user_id) then
    raise exception 'You can only apply a referral to your own account' using errcode = '42501';
  end if;
  if auth.role() <> 'service_role' then
    select u.email_confirmed_at into v_confirmed_at from auth.users u where u.id = p_new_user_id;
    if v_confirmed_at is null or v_confirmed_at < now() - private.referral_attach_window() then
      if exists (select 1 from private.referral_applications a where a.user_id = p_new_user_id) then
        return json_build_object('success', true, 'already_applied', true,
          'default_referrer_used', (select a.default_referrer_used from private.referral_applications a where a.user_id = p_new_user_id));
      end if;
      raise exception 'A referral can only be applied while confirming a new account' using errcode = '42501';
    end if;
  end if;
  return private.apply_referral(p_new_user_id, p_referral_code, p_source);
end
$$;

-- The result columns differ from 0900's copy, so drop and create (grants restated below).
drop function if exists public.my_referral_stats();
create function public.my_referral_stats()
returns table (level smallint, referred_count bigint, tokens_earned bigint, tokens_pending bigint, reward bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return query
    select s.level,
           count(r.id),
           coalesce(sum(r.reward) filter (where r.status = 'earned'), 0)::bigint,
           coalesce(sum(r.reward) filter (where r.status = 'pending'), 0)::bigint,
           case when s.active then s.reward else 0 end
      from public.referral_settings s
      left join public.referrals r on r.level = s.level and r.referrer_id = auth.uid()
     group by s.level, s.active, s.reward
     order by s.level;
end
$$;
revoke execute on function public.my_referral_stats() from public;
grant execute on function public.my_referral_stats() to authenticated;

drop function if exists public.my_referred_users(int, int);
create function public.my_referred_users(p_limit int default 50, p_offset int default 0)
returns table (display_name text, level smallint, reward bigint, status text, joined_at timestamptz, total bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 or p_offset is null or p_offset < 0 then
    raise exception 'p_limit must be 1–200 and p_offset at least 0' using errcode = '22023';
  end if;
  return query
    select private.display_name(r.referred_id), r.level, r.reward, r.status, r.created_at, count(*) over ()
      from public.referrals r
     where r.referrer_id = auth.uid()
     order by r.created_at desc, r.level, r.id
     limit p_limit offset p_offset;
end
$$;
revoke execute on function public.my_referred_users(int, int) from public;
grant execute on function public.my_referred_users(int, int) to authenticated;
