-- Reward settings for admins: sign-up bonuses (token_settings), referral rewards per level
-- (referral_settings) and the default referrer (private.referral_config), read and changed only
-- through these functions; every change is audited.

-- RPC admin_reward_settings() → {signup_bonus, influencer_signup_bonus, level_rewards[5],
-- default_referrer_email, use_first_admin, reward_default_referrals, effective_default_referrer_email}
create or replace function public.admin_reward_settings() returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_config private.referral_config;
begin
  perform private.require_admin();
  select * into v_config from private.referral_config c where c.id;
  return json_build_object(
    'signup_bonus', private.token_setting('signup_bonus'),
    'influencer_signup_bonus', private.token_setting('influencer_signup_bonus'),
    'level_rewards', (select json_agg(case when s.active then s.reward else 0 end order by s.level) from public.referral_settings s),
    'default_referrer_email', (select p.email from public.user_profiles p where p.id = v_config.default_referrer_id),
    'use_first_admin', v_config.use_first_admin,
    'reward_default_referrals', v_config.reward_default_referrals,
    'effective_default_referrer_email', (select p.email from public.user_profiles p where p.id = private.default_referrer())
  );
end
$$;
revoke execute on function public.admin_reward_settings() from public;
grant execute on function public.admin_reward_settings() to authenticated, service_role;

-- RPC admin_update_reward_settings(...): replaces all reward settings at once. An empty
-- p_default_referrer_email clears the configured referrer (then the first admin is used when
-- p_use_first_admin, otherwise nobody).
create or replace function public.admin_update_reward_settings(
  p_signup_bonus bigint,
  p_influencer_signup_bonus bigint,
  p_level_rewards bigint[],
  p_default_referrer_email text,
  p_use_first_admin boolean,
  p_reward_default_referrals boolean
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_referrer uuid;
  v_before json;
begin
  perform private.require_admin();
  if p_signup_bonus is null or p_signup_bonus < 0 or p_signup_bonus > 100000
     or p_influencer_signup_bonus is null or p_influencer_signup_bonus < 0 or p_influencer_signup_bonus > 100000 then
    raise exception 'Bonuses must be between 0 and 100,000 TMT' using errcode = '22023';
  end if;
  if p_level_rewards is null or cardinality(p_level_rewards) <> 5 or array_position(p_level_rewards, null) is not null
     or exists (select 1 from unnest(p_level_rewards) r where r < 0 or r > 100000) then
    raise exception 'Give five level rewards between 0 and 100,000 TMT' using errcode = '22023';
  end if;
  if p_use_first_admin is null or p_reward_default_referrals is null then
    raise exception 'p_use_first_admin and p_reward_default_referrals are required' using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_default_referrer_email, '')), '') is not null then
    select p.id into v_referrer from public.user_profiles p where lower(p.email) = lower(btrim(p_default_referrer_email));
    if v_referrer is null then
      raise exception 'No user has that e-mail address' using errcode = 'P0002';
    end if;
  end if;

  v_before := public.admin_reward_settings();
  update public.token_settings set amount = p_signup_bonus, updated_at = now() where key = 'signup_bonus';
  update public.token_settings set amount = p_influencer_signup_bonus, updated_at = now() where key = 'influencer_signup_bonus';
  update public.referral_settings s
     set reward = p_level_rewards[s.level], active = true, updated_at = now();
  update private.referral_config
     set default_referrer_id = v_referrer,
         use_first_admin = p_use_first_admin,
         reward_default_referrals = p_reward_default_referrals
   where id;
  perform private.audit('update_reward_settings', null,
    jsonb_build_object('before', v_before::jsonb, 'after', public.admin_reward_settings()::jsonb));
  return public.admin_reward_settings();
end
$$;
revoke execute on function public.admin_update_reward_settings(bigint, bigint, bigint[], text, boolean, boolean) from public;
grant execute on function public.admin_update_reward_settings(bigint, bigint, bigint[], text, boolean, boolean) to authenticated, service_role;
