-- Referrals (issue "Referrals"): a readable code per user, the referrer link, five levels of
-- rewards paid exactly once through the ledger. Nothing here is writable by clients; codes are
-- looked up only through lookup_referral_code() (reference product flaw S6/S7).

alter table public.user_profiles add column referral_code text
  check (referral_code is null or referral_code ~ '^[A-Z0-9]{4,16}$');
alter table public.user_profiles add constraint user_profiles_referral_code_key unique (referral_code);
alter table public.user_profiles add column referred_by uuid references auth.users (id) on delete set null;
create index user_profiles_referred_by_idx on public.user_profiles (referred_by);

-- Reward per level (50/30/20/10/5 by default).
create table public.referral_settings (
  level smallint primary key check (level between 1 and 5),
  reward bigint not null check (reward >= 0),
  active boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into public.referral_settings (level, reward) values (1, 50), (2, 30), (3, 20), (4, 10), (5, 5);

alter table public.referral_settings enable row level security;
grant select on public.referral_settings to anon, authenticated, service_role;
create policy "Everyone can read referral settings" on public.referral_settings
  for select to anon, authenticated, service_role using (true);

-- Who receives sign-ups that come without a (valid) code. default_referrer_id wins; otherwise,
-- when use_first_admin is on, the earliest admin. Not exposed to the API roles.
create table private.referral_config (
  id boolean primary key default true check (id),
  default_referrer_id uuid references auth.users (id) on delete set null,
  use_first_admin boolean not null default true,
  -- Whether the default referrer's chain earns rewards for organic sign-ups.
  reward_default_referrals boolean not null default true
);
insert into private.referral_config (id) values (true);
alter table private.referral_config enable row level security;

-- One row per (ancestor, new user, level): the basis of counts, earnings and "exactly once".
create table public.referrals (
  id uuid primary key default gen_random_uuid(),
  referrer_id uuid not null references auth.users (id) on delete cascade,
  referred_id uuid not null references auth.users (id) on delete cascade,
  level smallint not null check (level between 1 and 5),
  reward bigint not null default 0 check (reward >= 0),
  source text not null default 'email_verification' check (char_length(source) <= 60),
  default_referrer boolean not null default false,
  created_at timestamptz not null default now(),
  constraint referrals_referred_level_key unique (referred_id, level),
  constraint referrals_not_self check (referrer_id <> referred_id)
);
create index referrals_referrer_level_idx on public.referrals (referrer_id, level, created_at desc);

alter table public.referrals enable row level security;
grant select on public.referrals to authenticated, service_role;
create policy "Users can read referrals they earn from" on public.referrals
  for select to authenticated using (referrer_id = auth.uid());
create policy "Users can read how they were referred" on public.referrals
  for select to authenticated using (referred_id = auth.uid());
create policy "Admins can read every referral" on public.referrals
  for select to authenticated using (private.is_admin());

-- Marks that apply_referral_on_signup ran for a user (with or without a referrer): at most once.
create table private.referral_applications (
  user_id uuid primary key references auth.users (id) on delete cascade,
  referrer_id uuid references auth.users (id) on delete set null,
  code text,
  source text not null,
  default_referrer_used boolean not null,
  applied_at timestamptz not null default now()
);
alter table private.referral_applications enable row level security;

-- A readable code: 8 characters from an alphabet without 0/O, 1/I/L; retried on collision.
create or replace function private.new_referral_code() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  v_code text;
begin
  for attempt in 1..50 loop
    v_code := '';
    for i in 1..8 loop
      v_code := v_code || substr(v_alphabet, 1 + floor(random() * length(v_alphabet))::int, 1);
    end loop;
    if not exists (select 1 from public.user_profiles p where p.referral_code = v_code) then
      return v_code;
    end if;
  end loop;
  raise exception 'Could not generate a unique referral code' using errcode = 'P0001';
end
$$;
revoke execute on function private.new_referral_code() from public;

-- Gives a profile its code; the unique constraint catches the rare race between two sign-ups.
create or replace function private.assign_referral_code(p_user_id uuid) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_code text;
begin
  select p.referral_code into v_code from public.user_profiles p where p.id = p_user_id;
  if v_code is not null then
    return v_code;
  end if;
  loop
    begin
      v_code := private.new_referral_code();
      update public.user_profiles set referral_code = v_code where id = p_user_id and referral_code is null;
      return v_code;
    exception when unique_violation then
      -- another sign-up took the same code between the check and the update: try again
    end;
  end loop;
end
$$;
revoke execute on function private.assign_referral_code(uuid) from public;

create or replace function private.handle_new_user_referral_code() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.assign_referral_code(new.id);
  return new;
end
$$;

-- Sorts after on_auth_user_created, so the profile row exists.
create trigger on_auth_user_created_referral_code after insert on auth.users
  for each row execute function private.handle_new_user_referral_code();

-- Profiles created before this migration get their codes now.
do $$
declare
  r record;
begin
  for r in select id from public.user_profiles where referral_code is null loop
    perform private.assign_referral_code(r.id);
  end loop;
end
$$;

-- A public name for a user, never their e-mail.
create or replace function private.display_name(p_user_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(nullif(btrim(p.full_name), ''), 'Member')
    from public.user_profiles p where p.id = p_user_id
$$;
revoke execute on function private.display_name(uuid) from public;

-- RPC lookup_referral_code(p_code) → {exists, display_name}. The only way to resolve a code.
create or replace function public.lookup_referral_code(p_code text) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_id uuid;
begin
  if p_code is null or char_length(p_code) > 32 then
    return json_build_object('exists', false, 'display_name', null);
  end if;
  select p.id into v_id from public.user_profiles p where p.referral_code = upper(btrim(p_code));
  if v_id is null then
    return json_build_object('exists', false, 'display_name', null);
  end if;
  return json_build_object('exists', true, 'display_name', private.display_name(v_id));
end
$$;
revoke execute on function public.lookup_referral_code(text) from public;
grant execute on function public.lookup_referral_code(text) to anon, authenticated, service_role;

-- The default referrer for sign-ups without a valid code (null when none is configured).
create or replace function private.default_referrer() returns uuid
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    c.default_referrer_id,
    case when c.use_first_admin then
      (select p.id from public.user_profiles p where p.role = 'admin' order by p.created_at, p.id limit 1)
    end
  )
  from private.referral_config c
  where c.id
$$;
revoke execute on function private.default_referrer() from public;

-- True when p_ancestor is p_user or appears in p_user's chain of referrers (cycle guard).
create or replace function private.referral_chain_contains(p_user uuid, p_ancestor uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  with recursive chain (id, depth) as (
    select p_user, 0
    union all
    select p.referred_by, c.depth + 1
      from chain c join public.user_profiles p on p.id = c.id
     where p.referred_by is not null and c.depth < 1000
  )
  select exists (select 1 from chain where id = p_ancestor)
$$;
revoke execute on function private.referral_chain_contains(uuid, uuid) from public;

-- RPC apply_referral_on_signup(p_new_user_id, p_referral_code, p_source) → {success,
-- default_referrer_used} (SPEC §7). Called by the e-mail callback screen for the signed-in user
-- (or by the server as service_role). Applies at most once per user; an unknown, empty, own or
-- cycle-making code attaches the user to the default referrer. Then pays levels 1–5 once each.
create or replace function public.apply_referral_on_signup(
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
  if not (auth.role() = 'service_role' or auth.uid() = p_new_user_id) then
    raise exception 'You can only apply a referral to your own account' using errcode = '42501';
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
revoke execute on function public.apply_referral_on_signup(uuid, text, text) from public;
grant execute on function public.apply_referral_on_signup(uuid, text, text) to authenticated, service_role;

-- RPC my_referral_stats() → per level 1–5: people and TMT earned, computed in SQL.
create or replace function public.my_referral_stats()
returns table (level smallint, referred_count bigint, tokens_earned bigint, reward bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return query
    select s.level,
           count(r.id),
           coalesce(sum(r.reward), 0)::bigint,
           case when s.active then s.reward else 0 end
      from public.referral_settings s
      left join public.referrals r on r.level = s.level and r.referrer_id = auth.uid()
     group by s.level, s.active, s.reward
     order by s.level;
end
$$;
revoke execute on function public.my_referral_stats() from public;
grant execute on function public.my_referral_stats() to authenticated;

-- RPC my_referred_users(p_limit, p_offset): the people the caller referred (any level), display
-- names only, newest first, with the total for paging.
create or replace function public.my_referred_users(p_limit int default 50, p_offset int default 0)
returns table (display_name text, level smallint, reward bigint, joined_at timestamptz, total bigint)
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
    select private.display_name(r.referred_id), r.level, r.reward, r.created_at, count(*) over ()
      from public.referrals r
     where r.referrer_id = auth.uid()
     order by r.created_at desc, r.level, r.id
     limit p_limit offset p_offset;
end
$$;
revoke execute on function public.my_referred_users(int, int) from public;
grant execute on function public.my_referred_users(int, int) to authenticated;
