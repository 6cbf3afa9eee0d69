-- The token ledger (SPEC §3 user_wallets / token_transactions, issue "Ledger and wallet").
-- The reference product let clients write their own balance; here nobody writes either table
-- directly. Every movement goes through private.ledger_post(), which locks the wallet row,
-- refuses to go below zero and writes the new balance together with its ledger row, so that
-- balance = sum(amount) of the user's ledger rows holds at all times.

-- Amounts that are configuration, not code (sign-up bonuses). Readable by everyone so that the
-- UI can explain how to earn TMT; changed only by the migration owner (or a future admin rpc).
create table public.token_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{0,62}$'),
  amount bigint not null check (amount >= 0),
  description text not null default '',
  updated_at timestamptz not null default now()
);

insert into public.token_settings (key, amount, description) values
  ('signup_bonus', 50, 'Welcome bonus for every new account'),
  ('influencer_signup_bonus', 100, 'Welcome bonus for accounts created through /influencer-signup');

alter table public.token_settings enable row level security;
grant select on public.token_settings to anon, authenticated, service_role;
create policy "Everyone can read token settings" on public.token_settings
  for select to anon, authenticated, service_role using (true);

create table public.user_wallets (
  user_id uuid primary key references auth.users (id) on delete cascade,
  balance bigint not null default 0 check (balance >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.token_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.user_wallets (user_id) on delete cascade,
  -- Negative when spent, positive when earned (SPEC §3); never zero.
  amount bigint not null check (amount <> 0),
  type text not null check (type in ('earned', 'spent')),
  source text not null check (source ~ '^[a-z][a-z0-9_]{0,39}$'),
  description text not null default '' check (char_length(description) <= 500),
  -- What caused the movement (an asset id, 'referral:<user>', an admin action …).
  reference text check (reference is null or char_length(reference) <= 200),
  -- Makes retries safe: a second post with the same key for the same user posts nothing.
  idempotency_key text check (idempotency_key is null or char_length(idempotency_key) between 1 and 200),
  -- Who made the movement happen when it is not the owner (an admin adjusting a balance).
  actor_id uuid references auth.users (id) on delete set null,
  -- The wallet balance right after this row: makes every row auditable on its own.
  balance_after bigint not null check (balance_after >= 0),
  created_at timestamptz not null default now(),
  constraint token_transactions_type_matches_sign check ((type = 'earned') = (amount > 0)),
  constraint token_transactions_idempotency_key unique (user_id, idempotency_key)
);

create index token_transactions_user_created_idx on public.token_transactions (user_id, created_at desc, id desc);
create index token_transactions_user_source_idx on public.token_transactions (user_id, source);

alter table public.user_wallets enable row level security;
alter table public.token_transactions enable row level security;

-- Read-only for the API roles: no insert/update/delete grant to anyone, service_role included.
grant select on public.user_wallets to authenticated, service_role;
grant select on public.token_transactions to authenticated, service_role;

create policy "Users can read their own wallet" on public.user_wallets
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can read every wallet" on public.user_wallets
  for select to authenticated using (private.is_admin());
create policy "Users can read their own transactions" on public.token_transactions
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can read every transaction" on public.token_transactions
  for select to authenticated using (private.is_admin());

-- The single writer of balances. Callers (security definer functions of other areas, the
-- server as service_role) are responsible for deciding *whether* a movement is allowed; this
-- function guarantees that it is applied atomically, at most once per idempotency key, and
-- never below zero.
create or replace function private.ledger_post(
  p_user_id uuid,
  p_amount bigint,
  p_source text,
  p_description text,
  p_reference text default null,
  p_idempotency_key text default null,
  p_actor_id uuid default null
) returns public.token_transactions
language plpgsql security definer set search_path = ''
as $$
declare
  v_balance bigint;
  v_row public.token_transactions;
begin
  if p_user_id is null then
    raise exception 'A user is required' using errcode = '22023';
  end if;
  if p_amount is null or p_amount = 0 then
    raise exception 'The amount must be a non-zero whole number' using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  -- Wallets are created at sign-up; this covers accounts that predate the ledger.
  insert into public.user_wallets (user_id) values (p_user_id) on conflict (user_id) do nothing;

  -- Serialises every movement of this wallet (concurrent spends wait here).
  select w.balance into v_balance from public.user_wallets w where w.user_id = p_user_id for update;

  -- Checked after taking the lock, so a concurrent duplicate sees the first post's row.
  if p_idempotency_key is not null then
    select * into v_row from public.token_transactions t
     where t.user_id = p_user_id and t.idempotency_key = p_idempotency_key;
    if found then
      return v_row;
    end if;
  end if;

  if v_balance + p_amount < 0 then
    raise exception 'Insufficient tokens' using errcode = 'P0001';
  end if;

  update public.user_wallets set balance = v_balance + p_amount, updated_at = now() where user_id = p_user_id;

  insert into public.token_transactions
    (user_id, amount, type, source, description, reference, idempotency_key, actor_id, balance_after)
  values (
    p_user_id,
    p_amount,
    case when p_amount > 0 then 'earned' else 'spent' end,
    p_source,
    left(coalesce(p_description, ''), 500),
    p_reference,
    p_idempotency_key,
    p_actor_id,
    v_balance + p_amount
  )
  returning * into v_row;
  return v_row;
end
$$;

revoke execute on function private.ledger_post(uuid, bigint, text, text, text, text, uuid) from public;
grant execute on function private.ledger_post(uuid, bigint, text, text, text, text, uuid) to service_role;

-- Reads a numeric setting (0 when missing) for other functions of this area.
create or replace function private.token_setting(p_key text) returns bigint
language sql stable security definer set search_path = ''
as $$
  select coalesce((select s.amount from public.token_settings s where s.key = p_key), 0)
$$;
revoke execute on function private.token_setting(text) from public;

-- Wallet and welcome bonus for every new auth user. Runs after the profile trigger
-- (on_auth_user_created sorts first). Sign-ups through /influencer-signup send
-- signup_source = 'influencer' in the metadata and get the larger bonus.
create or replace function private.handle_new_user_wallet() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_influencer boolean;
  v_bonus bigint;
begin
  v_influencer := coalesce(new.raw_user_meta_data ->> 'signup_source', '') = 'influencer';
  v_bonus := private.token_setting(case when v_influencer then 'influencer_signup_bonus' else 'signup_bonus' end);
  insert into public.user_wallets (user_id) values (new.id) on conflict (user_id) do nothing;
  if v_bonus > 0 then
    perform private.ledger_post(
      new.id,
      v_bonus,
      'signup',
      case when v_influencer then 'Welcome bonus (influencer sign-up)' else 'Welcome bonus' end,
      'signup',
      'signup_bonus',
      null
    );
  end if;
  return new;
end
$$;

create trigger on_auth_user_created_wallet after insert on auth.users
  for each row execute function private.handle_new_user_wallet();
