-- apply_referral_on_signup, refactored: the work moves to private.apply_referral (no caller
-- check; for trusted callers), the public rpc keeps the caller check and delegates. New: when the
-- callback sends no code, the referral_code from the sign-up metadata is used.
create or replace function private.apply_referral(
  p_new_user_id uuid,
  p_referral_code text default '',
  p_source text default 'email_verification'
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_code text := upper(btrim(coalesce(p_referral_code, '')));
  v_source text := left(coalesce(nullif(btrim(p_source), ''), 'email_verification'), 60);
  v_referrer uuid;
  v_default_used boolean := false;
  v_previous private.referral_applications;
  v_config private.referral_config;
  v_ancestor uuid;
  v_seen uuid[] := array[p_new_user_id];
  v_reward bigint;
  v_inserted uuid;
  v_name text;
begin
  if p_new_user_id is null then
    raise exception 'p_new_user_id is required' using errcode = '22023';
  end if;

  -- Lock the new user's profile: concurrent calls for the same user serialise here.
  perform 1 from public.user_profiles p where p.id = p_new_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  select * into v_previous from private.referral_applications a where a.user_id = p_new_user_id;
  if found then
    return json_build_object('success', true, 'default_referrer_used', v_previous.default_referrer_used,
                             'already_applied', true);
  end if;

  -- No code from the callback URL (another device, lost parameters): use the code the user gave
  -- at sign-up (raw_user_meta_data.referral_code), which carries the same trust.
  if v_code = '' then
    select upper(btrim(coalesce(u.raw_user_meta_data ->> 'referral_code', ''))) into v_code
      from auth.users u where u.id = p_new_user_id;
    v_code := coalesce(v_code, '');
  end if;

  if v_code <> '' and char_length(v_code) <= 32 then
    select p.id into v_referrer from public.user_profiles p where p.referral_code = v_code;
  end if;
  -- No self-referral and no cycles (the new user's code may already have been used by others).
  if v_referrer is not null and private.referral_chain_contains(v_referrer, p_new_user_id) then
    v_referrer := null;
  end if;

  if v_referrer is null then
    v_default_used := true;
    v_referrer := private.default_referrer();
    if v_referrer is not null and private.referral_chain_contains(v_referrer, p_new_user_id) then
      v_referrer := null;
    end if;
  end if;

  insert into private.referral_applications (user_id, referrer_id, code, source, default_referrer_used)
  values (p_new_user_id, v_referrer, nullif(v_code, ''), v_source, v_default_used);

  if v_referrer is null then
    return json_build_object('success', true, 'default_referrer_used', v_default_used);
  end if;

  update public.user_profiles set referred_by = v_referrer where id = p_new_user_id;

  select * into v_config from private.referral_config c where c.id;
  v_name := private.display_name(p_new_user_id);

  -- Walk up the chain: level 1 is the referrer, level n+1 is the referrer of level n.
  v_ancestor := v_referrer;
  for v_level in 1..5 loop
    exit when v_ancestor is null or v_ancestor = any (v_seen);
    v_seen := v_seen || v_ancestor;

    select case when s.active then s.reward else 0 end into v_reward
      from public.referral_settings s where s.level = v_level;
    v_reward := coalesce(v_reward, 0);
    if v_default_used and not v_config.reward_default_referrals then
      v_reward := 0;
    end if;

    insert into public.referrals (referrer_id, referred_id, level, reward, source, default_referrer)
    values (v_ancestor, p_new_user_id, v_level, v_reward, v_source, v_default_used)
    on conflict (referred_id, level) do nothing
    returning id into v_inserted;

    if v_inserted is not null and v_reward > 0 then
      perform private.ledger_post(
        v_ancestor,
        v_reward,
        'referral',
        format('Level %s referral reward: %s joined', v_level, v_name),
        'referral:' || p_new_user_id::text,
        format('referral:%s:level:%s', p_new_user_id, v_level),
        null
      );
    end if;
    v_inserted := null;

    select p.referred_by into v_ancestor from public.user_profiles p where p.id = v_ancestor;
  end loop;

  return json_build_object('success', true, 'default_referrer_used', v_default_used);
end
$$;

revoke execute on function private.apply_referral(uuid, text, text) from public;

create or replace function public.apply_referral_on_signup(
  p_new_user_id uuid,
  p_referral_code text default '',
  p_source text default 'email_verification'
) returns json
language plpgsql security definer set search_path = ''
as $$
begin
  if p_new_user_id is null then
    raise exception 'p_new_user_id is required' using errcode = '22023';
  end if;
  if not (auth.role() = 'service_role' or auth.uid() = p_new_user_id) then
    raise exception 'You can only apply a referral to your own account' using errcode = '42501';
  end if;
  return private.apply_referral(p_new_user_id, p_referral_code, p_source);
end
$$;
