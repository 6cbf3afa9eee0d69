-- Payment providers beside Stripe (issue 32, item 1; decision 0154): Paystack (NGN, GHS, ZAR, KES,
-- XOF) and MTN Mobile Money Collection (XAF; EUR in MTN's sandbox).
--
-- Prices: a package keeps its Stripe price (price_minor in currency) and gains prices in other
-- currencies (prices, {"ngn": 200000, "xaf": 750}), each in its currency's ISO 4217 minor unit (kobo
-- for NGN, whole francs for XAF and XOF, which have no minor unit). Admins edit them through
-- admin_set_token_package_prices; the client never sends a price: the server opens a purchase with
-- the package id, a provider and a currency, and the price is read here.
--
-- Purchases: provider says who takes the money; provider_reference is the provider's id for the
-- payment (Paystack's transaction reference, MTN's X-Reference-Id), payer_phone the number a
-- request-to-pay was sent to (E.164). Stripe purchases keep their stripe_* columns unchanged.
--
-- Confirmations: the server applies what a provider reports only after verifying it with the
-- provider itself (Paystack: the webhook's signature and a verify call; MTN: a status read), through
-- private.apply_provider_payment (credits once, checking amount and currency against the row) and
-- private.apply_provider_reversal (refunds and disputes, settled as Stripe's are by
-- private.settle_purchase_reversals, debt included). private.payment_events keeps every applied
-- notification by its provider key, so a replayed one moves nothing.

-- ---------------------------------------------------------------------------------------------
-- Prices per currency.
create or replace function private.valid_package_prices(p_prices jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select jsonb_typeof(p_prices) = 'object'
     and not exists (
       select 1 from jsonb_each(p_prices) e
        where e.key !~ '^[a-z]{3}$'
           or jsonb_typeof(e.value) <> 'number'
           or (e.value #>> '{}') !~ '^[0-9]{1,12}$'
           or (e.value #>> '{}')::bigint < 1)
$$;
revoke execute on function private.valid_package_prices(jsonb) from public;

alter table public.token_packages
  add column prices jsonb not null default '{}'::jsonb
    constraint token_packages_prices_valid check (private.valid_package_prices(prices));

-- Starting prices for the three packages of 20261123000600 (admins change them).
update public.token_packages p
   set prices = case p.name
     when 'Starter' then '{"ngn": 200000, "ghs": 1500, "zar": 2000, "kes": 15000, "xof": 750, "xaf": 750, "eur": 120}'::jsonb
     when 'Standard' then '{"ngn": 900000, "ghs": 6700, "zar": 9000, "kes": 67500, "xof": 3400, "xaf": 3400, "eur": 540}'::jsonb
     else '{"ngn": 8000000, "ghs": 60000, "zar": 80000, "kes": 600000, "xof": 30000, "xaf": 30000, "eur": 4700}'::jsonb
   end
 where p.name in ('Starter', 'Standard', 'Bulk') and p.currency = 'gbp';

-- The package's price in a currency (its own currency's price_minor, else prices), or null.
create or replace function private.package_price(p_package public.token_packages, p_currency text) returns bigint
language sql immutable set search_path = ''
as $$
  select case when lower(p_currency) = p_package.currency then p_package.price_minor
              else (p_package.prices ->> lower(p_currency))::bigint end
$$;
revoke execute on function private.package_price(public.token_packages, text) from public;

-- RPC admin_set_token_package_prices(p_id, p_prices): replaces a package's prices in other
-- currencies ({"ngn": 200000, …}, minor units; {} removes them all). Admins only, audited.
create or replace function public.admin_set_token_package_prices(p_id uuid, p_prices jsonb)
returns public.token_packages
language plpgsql security definer set search_path = ''
as $$
declare
  v_before public.token_packages;
  v_row public.token_packages;
begin
  perform private.require_admin();
  if p_prices is null or not private.valid_package_prices(p_prices) then
    raise exception 'Prices are an object of three-letter currency codes and whole amounts in minor units'
      using errcode = '22023';
  end if;
  select * into v_before from public.token_packages p where p.id = p_id for update;
  if not found then
    raise exception 'Package not found' using errcode = 'P0002';
  end if;
  update public.token_packages
     set prices = p_prices - v_before.currency, updated_at = now()
   where id = p_id
   returning * into v_row;
  perform private.audit('save_token_package_prices', null,
    jsonb_build_object('package_id', v_row.id, 'before', v_before.prices, 'after', v_row.prices));
  return v_row;
end
$$;
revoke execute on function public.admin_set_token_package_prices(uuid, jsonb) from public;
grant execute on function public.admin_set_token_package_prices(uuid, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Purchases through other providers.
alter table public.token_purchases
  add column provider text not null default 'stripe'
    constraint token_purchases_provider_known check (provider in ('stripe', 'paystack', 'mtn_momo')),
  add column provider_reference text
    constraint token_purchases_provider_reference_length check (char_length(provider_reference) between 1 and 100),
  add column provider_payment_id text
    constraint token_purchases_provider_payment_id_length check (char_length(provider_payment_id) between 1 and 255),
  add column provider_dispute_id text
    constraint token_purchases_provider_dispute_id_length check (char_length(provider_dispute_id) between 1 and 255),
  -- The number a mobile-money request was sent to, in E.164 form; exported with the purchase and
  -- deleted with it (the row cascades with the account).
  add column payer_phone text
    constraint token_purchases_payer_phone_e164 check (payer_phone ~ '^\+[1-9][0-9]{6,14}$');
create unique index token_purchases_provider_reference_idx
  on public.token_purchases (provider, provider_reference) where provider_reference is not null;

-- Notifications applied, by provider and the key the server derives from each (Paystack: event and
-- its object's id; MTN: reference and final status). A replay finds its row and moves nothing.
create table private.payment_events (
  provider text not null check (provider in ('paystack', 'mtn_momo')),
  event_key text not null check (char_length(event_key) between 1 and 300),
  purchase_id uuid references public.token_purchases (id) on delete set null,
  outcome text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_key)
);
create index payment_events_purchase_idx on private.payment_events (purchase_id);
alter table private.payment_events enable row level security;

-- Opens a purchase through a provider other than Stripe (service role): the price of the package
-- in p_currency, read here; P0002 when the package is not sold or has no price in that currency.
create or replace function private.open_provider_purchase(
  p_user_id uuid, p_package_id uuid, p_provider text, p_currency text, p_payer_phone text default null
) returns public.token_purchases
language plpgsql security definer set search_path = ''
as $$
declare
  v_package public.token_packages;
  v_price bigint;
  v_row public.token_purchases;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can open purchases' using errcode = '42501';
  end if;
  if p_provider is null or p_provider not in ('paystack', 'mtn_momo') then
    raise exception 'Unknown payment provider' using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select * into v_package from public.token_packages p where p.id = p_package_id and p.active;
  if not found then
    raise exception 'This package is not available' using errcode = 'P0002';
  end if;
  v_price := private.package_price(v_package, coalesce(p_currency, ''));
  if v_price is null then
    raise exception 'This package has no price in %', upper(coalesce(p_currency, '')) using errcode = 'P0002';
  end if;
  insert into public.token_purchases (user_id, package_id, package_name, tokens, amount_minor, currency, provider, payer_phone)
  values (p_user_id, v_package.id, v_package.name, v_package.tokens, v_price, lower(p_currency), p_provider, p_payer_phone)
  returning * into v_row;
  return v_row;
end
$$;
revoke execute on function private.open_provider_purchase(uuid, uuid, text, text, text) from public;
grant execute on function private.open_provider_purchase(uuid, uuid, text, text, text) to service_role;

-- How long a payer has to approve a mobile-money request on their phone.
create or replace function private.mobile_money_lifetime() returns interval
language sql immutable set search_path = ''
as $$ select interval '5 minutes' $$;
revoke execute on function private.mobile_money_lifetime() from public;

-- Records the provider's reference for a pending purchase (once), and until when it can be paid:
-- p_expires_at as the provider said, else five minutes of the application clock for mobile money.
create or replace function private.attach_provider_reference(
  p_purchase_id uuid, p_reference text, p_expires_at timestamptz default null
) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can attach references' using errcode = '42501';
  end if;
  update public.token_purchases
     set provider_reference = p_reference,
         checkout_expires_at = coalesce(p_expires_at,
           case when provider = 'mtn_momo' then private.app_now() + private.mobile_money_lifetime() end),
         updated_at = now()
   where id = p_purchase_id and provider <> 'stripe' and provider_reference is null and status = 'pending';
  if not found then
    raise exception 'Purchase not found or already has a reference' using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function private.attach_provider_reference(uuid, text, timestamptz) from public;
grant execute on function private.attach_provider_reference(uuid, text, timestamptz) to service_role;

-- Records a notification's key; false when it was applied before.
create or replace function private.record_payment_event(p_provider text, p_event_key text) returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.payment_events (provider, event_key, outcome) values (p_provider, p_event_key, 'received')
  on conflict do nothing;
  return found;
end
$$;
revoke execute on function private.record_payment_event(text, text) from public;

-- A payment's final state, as the server read it from the provider itself:
--   p_status 'successful' credits the purchase once, when amount and currency are the row's;
--   p_status 'failed' ends a pending purchase as failed.
-- Answers {outcome, purchase_id}: credited, already_paid, failed, duplicate, rejected_*, ignored_*.
create or replace function private.apply_provider_payment(
  p_provider text, p_reference text, p_status text, p_amount_minor bigint, p_currency text,
  p_payment_id text, p_event_key text
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_purchase public.token_purchases;
  v_outcome text;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can apply payments' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('successful', 'failed') then
    raise exception 'A payment is applied as successful or failed' using errcode = '22023';
  end if;
  select * into v_purchase from public.token_purchases p
   where p.provider = p_provider and p.provider_reference = p_reference for update;
  if not private.record_payment_event(p_provider, p_event_key) then
    return jsonb_build_object('outcome', 'duplicate', 'purchase_id', v_purchase.id);
  end if;
  if v_purchase.id is null then
    v_outcome := 'rejected_unknown_purchase';
  elsif p_status = 'successful' then
    if p_amount_minor is distinct from v_purchase.amount_minor or lower(coalesce(p_currency, '')) <> v_purchase.currency then
      v_outcome := 'rejected_amount_mismatch';
    else
      v_outcome := private.credit_purchase(v_purchase, '{}'::jsonb);
      if v_outcome = 'credited' then
        update public.token_purchases set provider_payment_id = left(p_payment_id, 255) where id = v_purchase.id;
      end if;
    end if;
  elsif v_purchase.status = 'pending' then
    update public.token_purchases set status = 'failed', updated_at = now() where id = v_purchase.id;
    v_outcome := 'failed';
  else
    v_outcome := 'ignored_status_' || v_purchase.status;
  end if;
  update private.payment_events set outcome = v_outcome, purchase_id = v_purchase.id
   where provider = p_provider and event_key = p_event_key;
  return jsonb_build_object('outcome', v_outcome, 'purchase_id', v_purchase.id);
end
$$;
revoke execute on function private.apply_provider_payment(text, text, text, bigint, text, text, text) from public;
grant execute on function private.apply_provider_payment(text, text, text, bigint, text, text, text) to service_role;

-- A refund or a dispute of a paid purchase, from a verified notification:
--   'refund'        p_amount_minor more refunded (each refund once, by its event key);
--   'dispute_open'  a dispute of p_amount_minor holds its share of the tokens;
--   'dispute_won'   the dispute closed in our favour: its share comes back;
--   'dispute_lost'  the dispute closed against us: its share stays taken.
-- Settled as Stripe's (private.settle_purchase_reversals): balance first, then debt.
create or replace function private.apply_provider_reversal(
  p_provider text, p_reference text, p_kind text, p_amount_minor bigint, p_currency text,
  p_dispute_id text, p_event_key text
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_purchase public.token_purchases;
  v_outcome text;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can apply reversals' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('refund', 'dispute_open', 'dispute_won', 'dispute_lost') then
    raise exception 'Unknown reversal' using errcode = '22023';
  end if;
  if p_amount_minor is not null and p_amount_minor < 0 then
    raise exception 'The amount must not be negative' using errcode = '22023';
  end if;
  select * into v_purchase from public.token_purchases p
   where p.provider = p_provider and p.provider_reference = p_reference for update;
  if not private.record_payment_event(p_provider, p_event_key) then
    return jsonb_build_object('outcome', 'duplicate', 'purchase_id', v_purchase.id);
  end if;
  if v_purchase.id is null then
    v_outcome := 'ignored_unknown_payment';
  elsif v_purchase.paid_at is null then
    v_outcome := 'ignored_unpaid';
  elsif lower(coalesce(p_currency, '')) <> v_purchase.currency then
    v_outcome := 'rejected_amount_mismatch';
  elsif p_kind = 'refund' then
    if coalesce(p_amount_minor, 0) <= 0 then
      v_outcome := 'rejected_amount_mismatch';
    else
      update public.token_purchases
         set amount_refunded_minor = least(amount_minor, amount_refunded_minor + p_amount_minor),
             refunded_at = coalesce(refunded_at, now()), updated_at = now()
       where id = v_purchase.id;
      perform private.settle_purchase_reversals(v_purchase.id, 'purchase_refund', p_provider || ':' || p_event_key);
      v_outcome := 'refunded';
    end if;
  elsif p_dispute_id is null then
    raise exception 'A dispute needs its id' using errcode = '22023';
  elsif p_kind = 'dispute_open' and v_purchase.provider_dispute_id = p_dispute_id
        and v_purchase.dispute_status in ('won', 'lost') then
    v_outcome := 'ignored_dispute_closed';
  else
    update public.token_purchases
       set amount_disputed_minor = case when provider_dispute_id = p_dispute_id
             then greatest(amount_disputed_minor, least(amount_minor, coalesce(nullif(p_amount_minor, 0), amount_minor)))
             else least(amount_minor, coalesce(nullif(p_amount_minor, 0), amount_minor)) end,
           dispute_opened_at = case when provider_dispute_id = p_dispute_id
             then coalesce(dispute_opened_at, private.app_now()) else private.app_now() end,
           provider_dispute_id = p_dispute_id,
           dispute_status = case p_kind when 'dispute_open' then 'open' when 'dispute_lost' then 'lost' else 'won' end,
           updated_at = now()
     where id = v_purchase.id;
    perform private.settle_purchase_reversals(v_purchase.id,
      case when p_kind in ('dispute_open', 'dispute_lost') then 'purchase_dispute' else 'purchase_dispute_won' end,
      p_provider || ':' || p_event_key);
    v_outcome := case p_kind when 'dispute_open' then 'disputed' when 'dispute_lost' then 'dispute_lost' else 'dispute_won' end;
  end if;
  if v_outcome in ('refunded', 'dispute_lost') then
    perform private.on_purchase_reversed(v_purchase);
  end if;
  update private.payment_events set outcome = v_outcome, purchase_id = v_purchase.id
   where provider = p_provider and event_key = p_event_key;
  return jsonb_build_object('outcome', v_outcome, 'purchase_id', v_purchase.id);
end
$$;
revoke execute on function private.apply_provider_reversal(text, text, text, bigint, text, text, text) from public;
grant execute on function private.apply_provider_reversal(text, text, text, bigint, text, text, text) to service_role;

-- Mobile-money requests still waiting for the payer, for the polling job: pending MTN purchases
-- with a reference, oldest first, and whether their five minutes (checkout_expires_at) are over.
create or replace function private.pending_mobile_money(p_limit integer)
returns table (id uuid, provider_reference text, expired boolean)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can read pending payments' using errcode = '42501';
  end if;
  return query
    select p.id, p.provider_reference, coalesce(p.checkout_expires_at < private.app_now(), false)
      from public.token_purchases p
     where p.status = 'pending' and p.provider = 'mtn_momo' and p.provider_reference is not null
     order by p.created_at
     limit greatest(1, least(coalesce(p_limit, 100), 500));
end
$$;
revoke execute on function private.pending_mobile_money(integer) from public;
grant execute on function private.pending_mobile_money(integer) to service_role;
