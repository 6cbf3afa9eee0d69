-- Purchases no longer stay "pending" (issue 28, item 7; decision 0141). A buyer who cancels on the
-- checkout page comes back to the wallet, and the server — after asking Stripe that the session
-- is really unpaid and ending it there — marks the purchase cancelled. A session nobody finished
-- is expired by a job once its lifetime at Stripe is over (checkout_expires_at, from Stripe's own
-- answer), and a purchase whose session was never created, an hour after it was opened. Money
-- that arrives all the same is still credited: a paid event credits a cancelled purchase as it
-- credits an expired one.
--
-- A purchase also records how many of its tokens paid a debt (debt_settled), so the wallet can say
-- "100 TMT added; 20 TMT paid a debt; balance 80".
--
-- Redefines private.credit_purchase (20261123000600) and private.attach_checkout_session
-- (20261123000600, dropped and re-created with the session's expiry as a third, optional argument).

alter table public.token_purchases drop constraint token_purchases_status_check;
alter table public.token_purchases add constraint token_purchases_status_check
  check (status in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'disputed'));

alter table public.token_purchases
  add column checkout_expires_at timestamptz,
  add column debt_settled bigint not null default 0 check (debt_settled >= 0);

-- What the expiry job looks for: pending purchases, oldest first.
create index token_purchases_pending_idx on public.token_purchases (created_at) where status = 'pending';

-- How long after opening a purchase without a session (the provider could not be reached) it is
-- given up, and how long after a session's expiry the job waits for Stripe's own event.
create or replace function private.checkout_without_session_lifetime() returns interval
language sql immutable set search_path = ''
as $$ select interval '1 hour' $$;
revoke execute on function private.checkout_without_session_lifetime() from public;

create or replace function private.checkout_expiry_grace() returns interval
language sql immutable set search_path = ''
as $$ select interval '5 minutes' $$;
revoke execute on function private.checkout_expiry_grace() from public;

-- ---------------------------------------------------------------------------------------------
-- Records the Checkout Session Stripe created for a purchase (once), and until when it can be paid.
drop function private.attach_checkout_session(uuid, text);
create function private.attach_checkout_session(p_purchase_id uuid, p_session_id text, p_expires_at timestamptz default null)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can attach sessions' using errcode = '42501';
  end if;
  update public.token_purchases
     set stripe_session_id = p_session_id, checkout_expires_at = p_expires_at, updated_at = now()
   where id = p_purchase_id and stripe_session_id is null and status = 'pending';
  if not found then
    raise exception 'Purchase not found or already has a session' using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function private.attach_checkout_session(uuid, text, timestamptz) from public;
grant execute on function private.attach_checkout_session(uuid, text, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Ends a pending purchase that was not paid (service role; the server has asked Stripe first):
--   'cancelled' for its buyer (p_user_id), also over an 'expired' that the session's own expiry
--               event wrote while the buyer was coming back;
--   'expired'   by the expiry job (p_user_id null).
-- Answers the purchase's status afterwards (unchanged when it was no longer pending, e.g. paid).
-- Someone else's purchase is answered as a missing one.
create or replace function private.close_token_purchase(p_purchase_id uuid, p_user_id uuid, p_status text)
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_status text;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can close purchases' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('cancelled', 'expired') or (p_status = 'cancelled' and p_user_id is null) then
    raise exception 'A purchase is closed as cancelled (by its buyer) or expired' using errcode = '22023';
  end if;
  select p.status into v_status from public.token_purchases p
   where p.id = p_purchase_id and (p_user_id is null or p.user_id = p_user_id) for update;
  if not found then
    raise exception 'Purchase not found' using errcode = 'P0002';
  end if;
  if v_status = 'pending' or (p_status = 'cancelled' and v_status = 'expired') then
    update public.token_purchases set status = p_status, updated_at = now() where id = p_purchase_id;
    return p_status;
  end if;
  return v_status;
end
$$;
revoke execute on function private.close_token_purchase(uuid, uuid, text) from public;
grant execute on function private.close_token_purchase(uuid, uuid, text) to service_role;

-- The pending purchases whose checkout is over by the application clock (private.app_now): a
-- session past its expiry (24 hours after opening when Stripe's answer gave none) and the grace,
-- or no session an hour after opening. Oldest first, at most p_limit.
create or replace function private.due_checkout_expiries(p_limit integer)
returns table (id uuid, stripe_session_id text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can expire purchases' using errcode = '42501';
  end if;
  return query
    select p.id, p.stripe_session_id
      from public.token_purchases p
     where p.status = 'pending'
       and case when p.stripe_session_id is null
                then p.created_at + private.checkout_without_session_lifetime()
                else coalesce(p.checkout_expires_at, p.created_at + interval '24 hours') + private.checkout_expiry_grace()
           end < private.app_now()
     order by p.created_at
     limit greatest(1, least(coalesce(p_limit, 100), 500));
end
$$;
revoke execute on function private.due_checkout_expiries(integer) from public;
grant execute on function private.due_checkout_expiries(integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- As in 20261123000600, plus: a cancelled purchase is credited when its money arrives after all
-- (as failed and expired ones are), and the tokens that paid a debt are recorded on the purchase.
create or replace function private.credit_purchase(p_purchase public.token_purchases, p_session jsonb)
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_debt bigint;
begin
  if p_purchase.status = 'paid' or p_purchase.paid_at is not null then
    return 'already_paid';
  end if;
  if p_purchase.status not in ('pending', 'failed', 'expired', 'cancelled') then
    return 'ignored_status_' || p_purchase.status;
  end if;
  -- The wallet's debt before the credit, under the lock credit_settling_debt takes next.
  insert into public.user_wallets (user_id) values (p_purchase.user_id) on conflict (user_id) do nothing;
  select w.debt into v_debt from public.user_wallets w where w.user_id = p_purchase.user_id for update;
  update public.token_purchases
     set status = 'paid', paid_at = now(), updated_at = now(),
         debt_settled = least(p_purchase.tokens, v_debt),
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
