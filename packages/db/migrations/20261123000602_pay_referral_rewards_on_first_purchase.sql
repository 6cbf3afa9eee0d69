-- Referral rewards for real customers only (issue 12). Sign-ups made referral farming pay: a
-- plus-addressed fake account earned its referrer 50 TMT. Now a referral row is *pending* at
-- sign-up and is paid when the referred user's first purchase is paid (webhook), and taken back
-- when that purchase is refunded within 14 days. A referrer can be attached only during sign-up
-- confirmation: the user's own rpc call is refused once the confirmation is more than an hour old.

alter table public.referrals add column status text not null default 'pending'
  check (status in ('pending', 'earned', 'reversed', 'none'));
alter table public.referrals add column purchase_id uuid references public.token_purchases (id) on delete set null;
alter table public.referrals add column credited_at timestamptz;
-- Rows from before this migration were paid at sign-up.
update public.referrals set status = case when reward > 0 then 'earned' else 'none' end, credited_at = created_at;
create index referrals_referred_status_idx on public.referrals (referred_id, status);
create index referrals_purchase_idx on public.referrals (purchase_id) where purchase_id is not null;

-- How long after sign-up confirmation the new user may attach a referrer themselves.
create or replace function private.referral_attach_window() returns interval
language sql immutable set search_path = ''
as $$ select interval '1 hour' $$;
revoke execute on function private.referral_attach_window() from public;

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

    -- Pending: paid by private.on_purchase_paid when this user's first purchase is paid.
    insert into public.referrals (referrer_id, referred_id, level, reward, source, default_referrer, status)
    values (v_ancestor, p_new_user_id, v_level, v_reward, v_source, v_default_used,
            case when v_reward > 0 then 'pending' else 'none' end)
    on conflict (referred_id, level) do nothing;

    select p.referred_by into v_ancestor from public.user_profiles p where p.id = v_ancestor;
  end loop;

  return json_build_object('success', true, 'default_referrer_used', v_default_used);
end
$$;

revoke execute on function private.apply_referral(uuid, text, text) from public;

-- The user's own call is accepted only during sign-up confirmation (confirmed within the window);
-- the server (service role) may apply it for a user it has just confirmed.
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

-- Reversals of referral rewards may run while a referrer is in debt.
create or replace function private.ledger_source_allowed_in_debt(p_source text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_source in ('purchase_refund', 'purchase_dispute', 'debt_settlement', 'referral_reversal')
$$;

-- The referred user's first paid purchase pays their pending referral rewards (once: the
-- ledger idempotency key is the one sign-up payouts used before).
create or replace function private.on_purchase_paid(p_purchase public.token_purchases) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  r public.referrals;
  v_name text;
begin
  if exists (select 1 from public.token_purchases p
              where p.user_id = p_purchase.user_id and p.paid_at is not null and p.id <> p_purchase.id) then
    return;
  end if;
  v_name := private.display_name(p_purchase.user_id);
  for r in select * from public.referrals x
            where x.referred_id = p_purchase.user_id and x.status = 'pending' order by x.level for update loop
    perform private.credit_settling_debt(
      r.referrer_id, r.reward, 'referral',
      format('Level %s referral reward: %s made their first purchase', r.level, v_name),
      'referral:' || p_purchase.user_id::text,
      format('referral:%s:level:%s', p_purchase.user_id, r.level));
    update public.referrals set status = 'earned', purchase_id = p_purchase.id, credited_at = now() where id = r.id;
  end loop;
end
$$;
revoke execute on function private.on_purchase_paid(public.token_purchases) from public;

-- A refund of that purchase within 14 days of payment takes the rewards back.
create or replace function private.on_purchase_reversed(p_purchase public.token_purchases) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  r public.referrals;
begin
  if p_purchase.status <> 'refunded' or p_purchase.paid_at < now() - interval '14 days' then
    return;
  end if;
  for r in select * from public.referrals x
            where x.purchase_id = p_purchase.id and x.status = 'earned' order by x.level for update loop
    perform private.reverse_tokens(
      r.referrer_id, r.reward, 'referral_reversal',
      format('Level %s referral reward taken back: the purchase was refunded', r.level),
      'referral:' || p_purchase.user_id::text,
      format('referral_reversal:%s:level:%s', p_purchase.user_id, r.level));
    update public.referrals set status = 'reversed' where id = r.id;
  end loop;
end
$$;
revoke execute on function private.on_purchase_reversed(public.token_purchases) from public;

-- my_referral_stats gains tokens_pending (rewards waiting for the referred user's first purchase);
-- tokens_earned counts only rewards paid and not taken back.
drop function public.my_referral_stats();
create function public.my_referral_stats()
returns table (level smallint, referred_count bigint, tokens_earned bigint, tokens_pending bigint, reward bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
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

-- my_referred_users gains each reward's status.
drop function public.my_referred_users(int, int);
create function public.my_referred_users(p_limit int default 50, p_offset int default 0)
returns table (display_name text, level smallint, reward bigint, status text, joined_at timestamptz, total bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
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
