-- Anonymous accounts (signInAnonymously, ENABLE_ANONYMOUS_SIGNINS): JWT role `authenticated`
-- with is_anonymous = true, and auth.users.is_anonymous = true until an e-mail address is linked
-- and confirmed. They cost nothing to create, so nothing that has value may hang off them: no
-- welcome bonus, no tokens earned or spent, no referral code or referral chain, no assets, no
-- business request. The rules are on the tables every path writes (whoever the caller —
-- authenticated, service_role, a security-definer function), not on individual RPCs. When the
-- account becomes a real one, it gets what a new e-mail account gets: the bonus and a code.

create or replace function private.is_anonymous_account(p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select u.is_anonymous from auth.users u where u.id = p_user_id), false)
$$;
revoke execute on function private.is_anonymous_account(uuid) from public;

-- One refusal for every table below; NEW's user column is named by the trigger argument.
create or replace function private.refuse_anonymous_account() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
begin
  if private.is_anonymous_account(v_user) then
    raise exception 'Anonymous accounts cannot do this: add and confirm an e-mail address first'
      using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.refuse_anonymous_account() from public;

create trigger token_transactions_no_anonymous before insert on public.token_transactions
  for each row execute function private.refuse_anonymous_account('user_id');
create trigger assets_no_anonymous before insert on public.assets
  for each row execute function private.refuse_anonymous_account('owner_id');
create trigger business_requests_no_anonymous before insert on public.business_requests
  for each row execute function private.refuse_anonymous_account('user_id');
create trigger referrals_no_anonymous_referred before insert on public.referrals
  for each row execute function private.refuse_anonymous_account('referred_id');
create trigger referral_applications_no_anonymous before insert on private.referral_applications
  for each row execute function private.refuse_anonymous_account('user_id');

-- The welcome bonus, shared by sign-up and by an anonymous account's upgrade. The idempotency
-- key makes a second grant (an upgrade racing a retry) post nothing.
create or replace function private.grant_signup_bonus(p_user_id uuid, p_user_meta jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_influencer boolean := coalesce(p_user_meta ->> 'signup_source', '') = 'influencer';
  v_bonus bigint := private.token_setting(case when v_influencer then 'influencer_signup_bonus' else 'signup_bonus' end);
begin
  if v_bonus > 0 then
    perform private.ledger_post(
      p_user_id,
      v_bonus,
      'signup',
      case when v_influencer then 'Welcome bonus (influencer sign-up)' else 'Welcome bonus' end,
      'signup',
      'signup_bonus',
      null
    );
  end if;
end
$$;
revoke execute on function private.grant_signup_bonus(uuid, jsonb) from public;

-- Same triggers as before, minus what an anonymous account may not have.
create or replace function private.handle_new_user_wallet() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.user_wallets (user_id) values (new.id) on conflict (user_id) do nothing;
  if not new.is_anonymous then
    perform private.grant_signup_bonus(new.id, new.raw_user_meta_data);
  end if;
  return new;
end
$$;

create or replace function private.handle_new_user_referral_code() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not new.is_anonymous then
    perform private.assign_referral_code(new.id);
  end if;
  return new;
end
$$;

create or replace function private.handle_new_user_business_intent() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not new.is_anonymous and coalesce(new.raw_user_meta_data ->> 'business_intent', '') = 'true' then
    perform private.open_business_request(new.id, 'Requested at sign-up');
  end if;
  return new;
end
$$;

-- An anonymous account that confirmed an e-mail address is now a real account.
create or replace function private.handle_anonymous_user_upgraded() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.grant_signup_bonus(new.id, new.raw_user_meta_data);
  perform private.assign_referral_code(new.id);
  return new;
end
$$;
revoke execute on function private.handle_anonymous_user_upgraded() from public;

create trigger on_auth_user_upgraded_from_anonymous after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function private.handle_anonymous_user_upgraded();
