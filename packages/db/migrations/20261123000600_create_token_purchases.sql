-- Buying tokens (issue 12): packages with server-side prices, purchases that only the verified
-- Stripe webhook can credit, refunds and disputes that reverse tokens (leaving a debt when the
-- tokens were already spent). Reference product flaws P1–P7: the client never chooses a price
-- or writes a purchase, crediting happens once per purchase inside one database function keyed
-- on the provider's event id, and every movement is a ledger row that points at its purchase.

-- ---------------------------------------------------------------------------------------------
-- Packages: the only price list (P6). Readable by everyone while active; written by admins
-- through admin_save_token_package() only.
create table public.token_packages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 80),
  tokens bigint not null check (tokens between 1 and 10000000),
  -- In the currency's minor unit (pence). Stripe refuses charges under 30p; 50 keeps a margin.
  price_minor bigint not null check (price_minor between 50 and 10000000),
  currency text not null default 'gbp' check (currency ~ '^[a-z]{3}$'),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

insert into public.token_packages (name, tokens, price_minor, currency, sort_order) values
  ('Starter', 100, 100, 'gbp', 1),
  ('Standard', 500, 450, 'gbp', 2),
  ('Bulk', 5000, 3999, 'gbp', 3);

alter table public.token_packages enable row level security;
grant select on public.token_packages to anon, authenticated, service_role;
create policy "Everyone can read active packages" on public.token_packages
  for select to anon, authenticated using (active);
create policy "Admins can read every package" on public.token_packages
  for select to authenticated, service_role using (private.is_admin());

-- ---------------------------------------------------------------------------------------------
-- Purchases: created pending by the server (create-checkout-session) with the package's price
-- copied in; every later change comes from a verified webhook event.
create table public.token_purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  package_id uuid references public.token_packages (id) on delete set null,
  package_name text not null,
  tokens bigint not null check (tokens > 0),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'failed', 'expired', 'refunded', 'disputed')),
  -- Shown on receipts and quoted to support: short, unguessable enough, unique.
  reference text not null unique default ('TL-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))),
  stripe_session_id text unique,
  stripe_payment_intent text unique,
  amount_refunded_minor bigint not null default 0 check (amount_refunded_minor >= 0),
  -- Tokens taken back by refunds and disputes (from the balance, or as debt).
  tokens_reversed bigint not null default 0 check (tokens_reversed >= 0),
  dispute_status text check (dispute_status in ('open', 'won', 'lost')),
  paid_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index token_purchases_user_created_idx on public.token_purchases (user_id, created_at desc);
create index token_purchases_paid_at_idx on public.token_purchases (paid_at) where paid_at is not null;

alter table public.token_purchases enable row level security;
grant select on public.token_purchases to authenticated, service_role;
create policy "Users can read their own purchases" on public.token_purchases
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can read every purchase" on public.token_purchases
  for select to authenticated, service_role using (private.is_admin());

-- Every webhook event applied, by Stripe's event id: a redelivery finds its row and does nothing.
create table private.stripe_events (
  id text primary key check (char_length(id) between 1 and 255),
  type text not null,
  purchase_id uuid references public.token_purchases (id) on delete set null,
  outcome text not null,
  received_at timestamptz not null default now()
);
alter table private.stripe_events enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Debt: tokens a refund or dispute should have taken back but that were already spent. Kept
-- beside the balance (balance stays = sum of ledger rows and never negative); later purchases
-- settle it first, and spending is refused while it is above zero.
alter table public.user_wallets add column debt bigint not null default 0 check (debt >= 0);

-- Sources that may take tokens while a wallet is in debt: the reversals themselves and the
-- settlement of the debt.
create or replace function private.ledger_source_allowed_in_debt(p_source text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_source in ('purchase_refund', 'purchase_dispute', 'debt_settlement')
$$;
revoke execute on function private.ledger_source_allowed_in_debt(text) from public;

-- ledger_post as before (20261122000300), plus: no spending while the wallet is in debt.
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
  v_debt bigint;
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

  insert into public.user_wallets (user_id) values (p_user_id) on conflict (user_id) do nothing;

  select w.balance, w.debt into v_balance, v_debt from public.user_wallets w where w.user_id = p_user_id for update;

  if p_idempotency_key is not null then
    select * into v_row from public.token_transactions t
     where t.user_id = p_user_id and t.idempotency_key = p_idempotency_key;
    if found then
      return v_row;
    end if;
  end if;

  if p_amount < 0 and v_debt > 0 and not private.ledger_source_allowed_in_debt(p_source) then
    raise exception 'Insufficient tokens: % TMT from a refunded purchase must be settled by a purchase first', v_debt
      using errcode = 'P0001';
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

-- Credits tokens that settle any debt first: +N, then −min(N, debt) as a debt settlement.
create or replace function private.credit_settling_debt(
  p_user_id uuid, p_amount bigint, p_source text, p_description text, p_reference text, p_key text
) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_debt bigint;
  v_settle bigint;
begin
  perform private.ledger_post(p_user_id, p_amount, p_source, p_description, p_reference, p_key, null);
  select w.debt into v_debt from public.user_wallets w where w.user_id = p_user_id for update;
  v_settle := least(p_amount, v_debt);
  if v_settle > 0 then
    perform private.ledger_post(p_user_id, -v_settle, 'debt_settlement',
      format('Settles %s TMT owed from a refunded purchase', v_settle), p_reference, p_key || ':settle', null);
    update public.user_wallets set debt = debt - v_settle, updated_at = now() where user_id = p_user_id;
  end if;
end
$$;
revoke execute on function private.credit_settling_debt(uuid, bigint, text, text, text, text) from public;

-- Takes back up to p_tokens: what the balance holds is debited, the rest becomes debt.
create or replace function private.reverse_tokens(
  p_user_id uuid, p_tokens bigint, p_source text, p_description text, p_reference text, p_key text
) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_balance bigint;
  v_take bigint;
begin
  if p_tokens <= 0 then
    return;
  end if;
  insert into public.user_wallets (user_id) values (p_user_id) on conflict (user_id) do nothing;
  select w.balance into v_balance from public.user_wallets w where w.user_id = p_user_id for update;
  v_take := least(p_tokens, v_balance);
  if v_take > 0 then
    perform private.ledger_post(p_user_id, -v_take, p_source, p_description, p_reference, p_key, null);
  end if;
  if p_tokens > v_take then
    update public.user_wallets set debt = debt + (p_tokens - v_take), updated_at = now() where user_id = p_user_id;
  end if;
end
$$;
revoke execute on function private.reverse_tokens(uuid, bigint, text, text, text, text) from public;

-- ---------------------------------------------------------------------------------------------
-- The server (service role) opens a purchase for a signed-in user: the price comes from the
-- package row, never from the request.
create or replace function private.open_token_purchase(p_user_id uuid, p_package_id uuid)
returns public.token_purchases
language plpgsql security definer set search_path = ''
as $$
declare
  v_package public.token_packages;
  v_row public.token_purchases;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can open purchases' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select * into v_package from public.token_packages p where p.id = p_package_id and p.active;
  if not found then
    raise exception 'This package is not available' using errcode = 'P0002';
  end if;
  insert into public.token_purchases (user_id, package_id, package_name, tokens, amount_minor, currency)
  values (p_user_id, v_package.id, v_package.name, v_package.tokens, v_package.price_minor, v_package.currency)
  returning * into v_row;
  return v_row;
end
$$;
revoke execute on function private.open_token_purchase(uuid, uuid) from public;
grant execute on function private.open_token_purchase(uuid, uuid) to service_role;

-- Records the Checkout Session Stripe created for a purchase (once).
create or replace function private.attach_checkout_session(p_purchase_id uuid, p_session_id text)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can attach sessions' using errcode = '42501';
  end if;
  update public.token_purchases set stripe_session_id = p_session_id, updated_at = now()
   where id = p_purchase_id and stripe_session_id is null and status = 'pending';
  if not found then
    raise exception 'Purchase not found or already has a session' using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function private.attach_checkout_session(uuid, text) from public;
grant execute on function private.attach_checkout_session(uuid, text) to service_role;

-- Hook for other areas when a purchase is paid or reversed (referral rewards replace it).
create or replace function private.on_purchase_paid(p_purchase public.token_purchases) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  null;
end
$$;
revoke execute on function private.on_purchase_paid(public.token_purchases) from public;

create or replace function private.on_purchase_reversed(p_purchase public.token_purchases) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  null;
end
$$;
revoke execute on function private.on_purchase_reversed(public.token_purchases) from public;

-- Credits a purchase once: checks the session against the purchase row (session id, user,
-- amount, currency), then posts the tokens (debt first) and marks it paid.
create or replace function private.credit_purchase(p_purchase public.token_purchases, p_session jsonb)
returns text
language plpgsql security definer set search_path = ''
as $$
begin
  if p_purchase.status = 'paid' or p_purchase.paid_at is not null then
    return 'already_paid';
  end if;
  if p_purchase.status not in ('pending', 'failed', 'expired') then
    return 'ignored_status_' || p_purchase.status;
  end if;
  update public.token_purchases
     set status = 'paid', paid_at = now(), updated_at = now(),
         stripe_payment_intent = coalesce(p_session ->> 'payment_intent', stripe_payment_intent)
   where id = p_purchase.id
   returning * into p_purchase;
  perform private.credit_settling_debt(p_purchase.user_id, p_purchase.tokens, 'purchase',
    format('Bought %s (%s TMT), reference %s', p_purchase.package_name, p_purchase.tokens, p_purchase.reference),
    'purchase:' || p_purchase.id::text, 'purchase:' || p_purchase.id::text);
  perform private.on_purchase_paid(p_purchase);
  return 'credited';
end
$$;
revoke execute on function private.credit_purchase(public.token_purchases, jsonb) from public;

-- Takes back the tokens a refund or a dispute covers: the share of the purchase's tokens equal
-- to the share of its amount, minus what was taken back before.
create or replace function private.reverse_purchase(
  p_purchase public.token_purchases, p_amount_minor bigint, p_source text, p_event_id text
) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  v_target bigint;
  v_delta bigint;
begin
  v_target := least(p_purchase.tokens, (p_purchase.tokens * least(p_amount_minor, p_purchase.amount_minor)) / p_purchase.amount_minor);
  v_delta := v_target - p_purchase.tokens_reversed;
  if v_delta <= 0 then
    return 0;
  end if;
  perform private.reverse_tokens(p_purchase.user_id, v_delta, p_source,
    format('%s of %s (reference %s): %s TMT taken back',
      case when p_source = 'purchase_dispute' then 'Dispute' else 'Refund' end,
      p_purchase.package_name, p_purchase.reference, v_delta),
    'purchase:' || p_purchase.id::text, p_source || ':' || p_event_id);
  update public.token_purchases set tokens_reversed = tokens_reversed + v_delta, updated_at = now()
   where id = p_purchase.id;
  return v_delta;
end
$$;
revoke execute on function private.reverse_purchase(public.token_purchases, bigint, text, text) from public;

-- The webhook's single entry point (service role), in one transaction with the event record:
-- applies a verified Stripe event at most once and answers what it did. Refusals (a session
-- that does not match its purchase) are recorded too, so a redelivery is not re-examined.
create or replace function private.apply_stripe_event(p_event_id text, p_type text, p_object jsonb)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_inserted text;
  v_purchase public.token_purchases;
  v_purchase_id uuid;
  v_outcome text;
  v_amount bigint;
  v_previous private.stripe_events;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can apply payment events' using errcode = '42501';
  end if;
  if p_event_id is null or p_type is null or p_object is null then
    raise exception 'An event id, type and object are required' using errcode = '22023';
  end if;

  -- Claims the event id first: a concurrent delivery of the same event waits here and then
  -- finds the row.
  insert into private.stripe_events (id, type, outcome) values (p_event_id, p_type, 'processing')
  on conflict (id) do nothing returning id into v_inserted;
  if v_inserted is null then
    select * into v_previous from private.stripe_events e where e.id = p_event_id;
    return jsonb_build_object('outcome', 'duplicate', 'previous', v_previous.outcome, 'purchase_id', v_previous.purchase_id);
  end if;

  if p_type like 'checkout.session.%' then
    -- client_reference_id and metadata.purchase_id were both set by the server; they must agree.
    begin
      v_purchase_id := (p_object ->> 'client_reference_id')::uuid;
    exception when invalid_text_representation then
      v_purchase_id := null;
    end;
    select * into v_purchase from public.token_purchases p where p.id = v_purchase_id for update;
    if not found then
      v_outcome := 'rejected_unknown_purchase';
    elsif v_purchase.stripe_session_id is distinct from p_object ->> 'id' then
      v_outcome := 'rejected_session_mismatch';
    elsif (p_object -> 'metadata' ->> 'purchase_id') is distinct from v_purchase.id::text
       or (p_object -> 'metadata' ->> 'user_id') is distinct from v_purchase.user_id::text then
      v_outcome := 'rejected_user_mismatch';
    elsif p_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
       and ((p_object ->> 'amount_total') is distinct from v_purchase.amount_minor::text
            or lower(coalesce(p_object ->> 'currency', '')) <> v_purchase.currency) then
      v_outcome := 'rejected_amount_mismatch';
    elsif p_type = 'checkout.session.completed' then
      if p_object ->> 'payment_status' in ('paid', 'no_payment_required') then
        v_outcome := private.credit_purchase(v_purchase, p_object);
      else
        -- Delayed methods (bank debits): stays pending until async_payment_succeeded.
        update public.token_purchases
           set stripe_payment_intent = coalesce(p_object ->> 'payment_intent', stripe_payment_intent), updated_at = now()
         where id = v_purchase.id;
        v_outcome := 'awaiting_payment';
      end if;
    elsif p_type = 'checkout.session.async_payment_succeeded' then
      v_outcome := private.credit_purchase(v_purchase, p_object);
    elsif p_type in ('checkout.session.async_payment_failed', 'checkout.session.expired') then
      if v_purchase.status = 'pending' then
        update public.token_purchases
           set status = case when p_type = 'checkout.session.expired' then 'expired' else 'failed' end, updated_at = now()
         where id = v_purchase.id;
        v_outcome := case when p_type = 'checkout.session.expired' then 'expired' else 'failed' end;
      else
        v_outcome := 'ignored_status_' || v_purchase.status;
      end if;
    else
      v_outcome := 'ignored_type';
    end if;

  elsif p_type in ('charge.refunded', 'charge.dispute.created', 'charge.dispute.closed') then
    select * into v_purchase from public.token_purchases p
     where p.stripe_payment_intent = p_object ->> 'payment_intent' for update;
    if not found then
      v_outcome := 'ignored_unknown_payment';
    elsif v_purchase.paid_at is null then
      v_outcome := 'ignored_unpaid';
    elsif p_type = 'charge.refunded' then
      v_amount := coalesce((p_object ->> 'amount_refunded')::bigint, 0);
      if lower(coalesce(p_object ->> 'currency', '')) <> v_purchase.currency or v_amount <= 0 then
        v_outcome := 'rejected_amount_mismatch';
      else
        perform private.reverse_purchase(v_purchase, v_amount, 'purchase_refund', p_event_id);
        update public.token_purchases
           set amount_refunded_minor = greatest(amount_refunded_minor, least(v_amount, amount_minor)),
               status = case when v_amount >= amount_minor and status <> 'disputed' then 'refunded' else status end,
               refunded_at = coalesce(refunded_at, now()), updated_at = now()
         where id = v_purchase.id
         returning * into v_purchase;
        perform private.on_purchase_reversed(v_purchase);
        v_outcome := 'refunded';
      end if;
    elsif p_type = 'charge.dispute.created' then
      -- The disputed amount is held by the bank: its tokens are taken back until the dispute closes.
      perform private.reverse_purchase(v_purchase, coalesce((p_object ->> 'amount')::bigint, v_purchase.amount_minor),
        'purchase_dispute', p_event_id);
      update public.token_purchases set status = 'disputed', dispute_status = 'open', updated_at = now()
       where id = v_purchase.id returning * into v_purchase;
      perform private.on_purchase_reversed(v_purchase);
      v_outcome := 'disputed';
    else
      if p_object ->> 'status' = 'won' and v_purchase.dispute_status = 'open' then
        -- The money stays with us: give back what the dispute took (settling any debt first).
        if v_purchase.tokens_reversed > 0 then
          perform private.credit_settling_debt(v_purchase.user_id, v_purchase.tokens_reversed, 'purchase',
            format('Dispute of %s (reference %s) closed in our favour: %s TMT restored',
              v_purchase.package_name, v_purchase.reference, v_purchase.tokens_reversed),
            'purchase:' || v_purchase.id::text, 'dispute_won:' || p_event_id);
        end if;
        update public.token_purchases set status = 'paid', dispute_status = 'won', tokens_reversed = 0, updated_at = now()
         where id = v_purchase.id;
        v_outcome := 'dispute_won';
      else
        update public.token_purchases set dispute_status = 'lost', updated_at = now() where id = v_purchase.id;
        v_outcome := 'dispute_lost';
      end if;
    end if;
  else
    v_outcome := 'ignored_type';
  end if;

  update private.stripe_events set outcome = v_outcome, purchase_id = v_purchase.id where id = p_event_id;
  return jsonb_build_object('outcome', v_outcome, 'purchase_id', v_purchase.id);
end
$$;
revoke execute on function private.apply_stripe_event(text, text, jsonb) from public;
grant execute on function private.apply_stripe_event(text, text, jsonb) to service_role;
