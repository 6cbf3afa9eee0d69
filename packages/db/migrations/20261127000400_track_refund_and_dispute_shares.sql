-- Refunds and disputes each take their own share of a purchase's tokens (issue 27, items 4 and 7;
-- decision 0141). Before, one counter (tokens_reversed) held what refunds and disputes had taken
-- together: a dispute opened after a partial refund took nothing (its share was computed from its
-- own amount alone), and winning it gave back the whole counter — the refund's tokens included —
-- so a buyer refunded half, then disputed, kept the tokens of the refunded half; with a full refund
-- during a dispute they kept everything. A dispute closed before its "created" event arrived was
-- recorded as lost and then reversed.
--
-- Now the purchase row keeps the facts Stripe reports — the running total refunded, the disputed
-- amount and the dispute's state — and private.settle_purchase_reversals derives from them, after
-- every event, how many tokens stand reversed and whose share each is:
--   refunded share  = tokens × refunded / amount
--   both together   = tokens × min(amount, refunded + disputed) / amount  (disputed counts while the
--                     dispute is open or lost)
--   dispute's share = both together − refunded share
-- both rounded up, so a buyer never keeps part of a token they did not pay for. The ledger moves by
-- the difference from what stands reversed: down (balance first, then debt) when more is taken, up
-- (settling debt first) when a won dispute releases its share. Whatever order the events arrive in,
-- replayed or at once (each waits on the purchase row's lock), the result is the same.
--
-- Referral rewards paid for the purchase (private.on_purchase_reversed) are taken back by a lost
-- dispute opened within 120 days of payment, or by a refund that brings the total refunded above
-- 10% of the amount within 14 days of payment.
--
-- Redefines private.apply_stripe_event (20261123000600) and private.on_purchase_reversed
-- (20261123000602); drops private.reverse_purchase, which only apply_stripe_event called.

-- ---------------------------------------------------------------------------------------------
-- What each reversal holds.
alter table public.token_purchases
  add column tokens_refunded bigint not null default 0 check (tokens_refunded >= 0),
  add column tokens_disputed bigint not null default 0 check (tokens_disputed >= 0),
  add column amount_disputed_minor bigint not null default 0 check (amount_disputed_minor >= 0),
  add column stripe_dispute_id text check (char_length(stripe_dispute_id) between 1 and 255),
  add column dispute_opened_at timestamptz;

-- Rows from before: the refund's share is what the refunded amount covers (as far as the counter
-- reaches), the rest of the counter was the dispute's; a dispute seen open or lost covered the
-- amount not refunded (its own amount was not kept).
update public.token_purchases p
   set tokens_refunded = least(p.tokens_reversed,
         (p.tokens * least(p.amount_refunded_minor, p.amount_minor) + p.amount_minor - 1) / p.amount_minor),
       amount_disputed_minor = case when p.dispute_status is not null
                                    then greatest(p.amount_minor - p.amount_refunded_minor, 0) else 0 end,
       dispute_opened_at = case when p.dispute_status is not null then p.updated_at end
 where p.tokens_reversed > 0 or p.dispute_status is not null or p.amount_refunded_minor > 0;
update public.token_purchases p set tokens_disputed = p.tokens_reversed - p.tokens_refunded
 where p.tokens_reversed > p.tokens_refunded;

alter table public.token_purchases
  add constraint token_purchases_reversed_is_both_shares
    check (tokens_reversed = tokens_refunded + tokens_disputed and tokens_reversed <= tokens);

-- ---------------------------------------------------------------------------------------------
-- Reading amounts and ids from a verified event: the signature proves who sent it, not that every
-- field has the type the API documents. A field of the wrong type is refused (22023, which the
-- webhook answers with 400 invalid_event) instead of failing a cast with a 500.

-- A whole, non-negative number of minor units, or null when the field is absent or null.
create or replace function private.stripe_minor(p_object jsonb, p_field text) returns bigint
language plpgsql immutable set search_path = ''
as $$
declare
  v jsonb := p_object -> p_field;
begin
  if v is null or jsonb_typeof(v) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v) <> 'number' or (v #>> '{}') !~ '^[0-9]{1,15}$' then
    raise exception 'The event field % must be a whole number of minor units', p_field using errcode = '22023';
  end if;
  return (v #>> '{}')::bigint;
end
$$;
revoke execute on function private.stripe_minor(jsonb, text) from public;

-- A string, or null when the field is absent or null.
create or replace function private.stripe_text(p_object jsonb, p_field text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v jsonb := p_object -> p_field;
begin
  if v is null or jsonb_typeof(v) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v) <> 'string' or char_length(v #>> '{}') > 255 then
    raise exception 'The event field % must be a string of at most 255 characters', p_field using errcode = '22023';
  end if;
  return v #>> '{}';
end
$$;
revoke execute on function private.stripe_text(jsonb, text) from public;

-- The tokens an amount covers: tokens × covered / amount, rounded up, at most all of them.
create or replace function private.tokens_for_amount(p_tokens bigint, p_amount_minor bigint, p_covered_minor bigint)
returns bigint
language sql immutable set search_path = ''
as $$
  select (p_tokens * least(greatest(p_covered_minor, 0), p_amount_minor) + p_amount_minor - 1) / p_amount_minor
$$;
revoke execute on function private.tokens_for_amount(bigint, bigint, bigint) from public;

-- ---------------------------------------------------------------------------------------------
-- Brings the ledger in line with the purchase's refund and dispute facts (see the header), and
-- the purchase's status with them. Answers the tokens moved: positive when taken back, negative
-- when given back. p_source names the event's kind; p_event_id keys the ledger rows.
create or replace function private.settle_purchase_reversals(p_purchase_id uuid, p_source text, p_event_id text)
returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  p public.token_purchases;
  v_refunded bigint;
  v_total bigint;
  v_delta bigint;
  v_kind text;
begin
  select * into p from public.token_purchases x where x.id = p_purchase_id for update;
  if not found or p.paid_at is null then
    raise exception 'Paid purchase not found' using errcode = 'P0002';
  end if;
  v_refunded := private.tokens_for_amount(p.tokens, p.amount_minor, p.amount_refunded_minor);
  v_total := private.tokens_for_amount(p.tokens, p.amount_minor,
    p.amount_refunded_minor + case when p.dispute_status in ('open', 'lost') then p.amount_disputed_minor else 0 end);
  v_delta := v_total - p.tokens_reversed;
  v_kind := case when p_source = 'purchase_dispute' then 'Dispute' else 'Refund' end;

  if v_delta > 0 then
    perform private.reverse_tokens(p.user_id, v_delta, p_source,
      format('%s of %s (reference %s): %s TMT taken back', v_kind, p.package_name, p.reference, v_delta),
      'purchase:' || p.id::text, p_source || ':' || p_event_id);
  elsif v_delta < 0 then
    -- Only a dispute closed in our favour lowers the total: its share comes back, debt settled first.
    perform private.credit_settling_debt(p.user_id, -v_delta, 'purchase_dispute_won',
      format('Dispute of %s (reference %s) closed in our favour: %s TMT restored', p.package_name, p.reference, -v_delta),
      'purchase:' || p.id::text, 'dispute_won:' || p_event_id);
  end if;

  update public.token_purchases
     set tokens_refunded = v_refunded,
         tokens_disputed = v_total - v_refunded,
         tokens_reversed = v_total,
         status = case
                    when dispute_status in ('open', 'lost') then 'disputed'
                    when amount_refunded_minor >= amount_minor then 'refunded'
                    else 'paid'
                  end,
         updated_at = now()
   where id = p.id;
  return v_delta;
end
$$;
revoke execute on function private.settle_purchase_reversals(uuid, text, text) from public;

drop function private.reverse_purchase(public.token_purchases, bigint, text, text);

-- ---------------------------------------------------------------------------------------------
-- Referral rewards follow the money of the purchase that paid them: taken back (balance first,
-- then debt) by a lost dispute opened within 120 days of payment — the card networks' longest
-- chargeback period, and the fraud referral farming with stolen cards produces — or by refunds
-- that together exceed 10% of the amount, arriving within 14 days of payment. Rewards already
-- taken back are not taken again (status 'reversed').
create or replace function private.on_purchase_reversed(p_purchase public.token_purchases) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  r public.referrals;
  p public.token_purchases;
  v_now timestamptz := private.app_now();
  v_why text;
begin
  select * into p from public.token_purchases x where x.id = p_purchase.id;
  if not found or p.paid_at is null then
    return;
  end if;
  if p.dispute_status = 'lost' and coalesce(p.dispute_opened_at, v_now) <= p.paid_at + interval '120 days' then
    v_why := 'charged back';
  elsif p.amount_refunded_minor * 10 > p.amount_minor and v_now <= p.paid_at + interval '14 days' then
    v_why := 'refunded';
  else
    return;
  end if;
  for r in select * from public.referrals x
            where x.purchase_id = p.id and x.status = 'earned' order by x.level for update loop
    perform private.reverse_tokens(
      r.referrer_id, r.reward, 'referral_reversal',
      format('Level %s referral reward taken back: the purchase was %s', r.level, v_why),
      'referral:' || p.user_id::text,
      format('referral_reversal:%s:level:%s', p.user_id, r.level));
    update public.referrals set status = 'reversed' where id = r.id;
  end loop;
end
$$;
revoke execute on function private.on_purchase_reversed(public.token_purchases) from public;

-- ---------------------------------------------------------------------------------------------
-- The webhook's single entry point, as in 20261123000600 for checkout sessions (fields now read
-- through stripe_text / stripe_minor), with refunds and disputes recorded as facts and settled by
-- settle_purchase_reversals:
--   charge.refunded         amount_refunded is Stripe's running total: the largest one seen counts.
--   charge.dispute.created  opens the dispute (its amount, at most the purchase's); a dispute already
--                           closed (its "closed" event came first) is not reopened.
--   charge.dispute.closed   won (or an inquiry closed, warning_closed) releases the dispute's share;
--                           lost keeps it. Other statuses are recorded and change nothing.
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
  v_dispute text;
  v_status text;
  v_previous private.stripe_events;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the server can apply payment events' using errcode = '42501';
  end if;
  if p_event_id is null or p_type is null or p_object is null then
    raise exception 'An event id, type and object are required' using errcode = '22023';
  end if;
  if jsonb_typeof(p_object) <> 'object' then
    raise exception 'The event object must be an object' using errcode = '22023';
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
      v_purchase_id := private.stripe_text(p_object, 'client_reference_id')::uuid;
    exception when invalid_text_representation then
      v_purchase_id := null;
    end;
    if p_object ? 'metadata' and jsonb_typeof(p_object -> 'metadata') not in ('object', 'null') then
      raise exception 'The event field metadata must be an object' using errcode = '22023';
    end if;
    v_amount := private.stripe_minor(p_object, 'amount_total');
    select * into v_purchase from public.token_purchases p where p.id = v_purchase_id for update;
    if not found then
      v_outcome := 'rejected_unknown_purchase';
    elsif v_purchase.stripe_session_id is distinct from private.stripe_text(p_object, 'id') then
      v_outcome := 'rejected_session_mismatch';
    elsif (p_object -> 'metadata' ->> 'purchase_id') is distinct from v_purchase.id::text
       or (p_object -> 'metadata' ->> 'user_id') is distinct from v_purchase.user_id::text then
      v_outcome := 'rejected_user_mismatch';
    elsif p_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
       and (v_amount is distinct from v_purchase.amount_minor
            or lower(coalesce(private.stripe_text(p_object, 'currency'), '')) <> v_purchase.currency) then
      v_outcome := 'rejected_amount_mismatch';
    elsif p_type = 'checkout.session.completed' then
      if private.stripe_text(p_object, 'payment_status') in ('paid', 'no_payment_required') then
        v_outcome := private.credit_purchase(v_purchase, p_object);
      else
        -- Delayed methods (bank debits): stays pending until async_payment_succeeded.
        update public.token_purchases
           set stripe_payment_intent = coalesce(private.stripe_text(p_object, 'payment_intent'), stripe_payment_intent),
               updated_at = now()
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
    -- Read (and type-check) every field first, so a malformed event is refused whatever it names.
    if p_type = 'charge.refunded' then
      v_amount := private.stripe_minor(p_object, 'amount_refunded');
    else
      v_amount := private.stripe_minor(p_object, 'amount');
      v_dispute := private.stripe_text(p_object, 'id');
      v_status := private.stripe_text(p_object, 'status');
      if v_dispute is null then
        raise exception 'The event field id must name the dispute' using errcode = '22023';
      end if;
    end if;
    select * into v_purchase from public.token_purchases p
     where p.stripe_payment_intent = private.stripe_text(p_object, 'payment_intent') for update;
    if not found then
      v_outcome := 'ignored_unknown_payment';
    elsif v_purchase.paid_at is null then
      v_outcome := 'ignored_unpaid';
    elsif lower(coalesce(private.stripe_text(p_object, 'currency'), '')) <> v_purchase.currency then
      v_outcome := 'rejected_amount_mismatch';
    elsif p_type = 'charge.refunded' then
      if coalesce(v_amount, 0) <= 0 then
        v_outcome := 'rejected_amount_mismatch';
      else
        update public.token_purchases
           set amount_refunded_minor = greatest(amount_refunded_minor, least(v_amount, amount_minor)),
               refunded_at = coalesce(refunded_at, now()), updated_at = now()
         where id = v_purchase.id;
        perform private.settle_purchase_reversals(v_purchase.id, 'purchase_refund', p_event_id);
        v_outcome := 'refunded';
      end if;
    elsif p_type = 'charge.dispute.created' and v_purchase.stripe_dispute_id = v_dispute
          and v_purchase.dispute_status in ('won', 'lost') then
      v_outcome := 'ignored_dispute_closed';
    elsif p_type = 'charge.dispute.closed' and v_status is distinct from 'won'
          and v_status is distinct from 'warning_closed' and v_status is distinct from 'lost' then
      v_outcome := 'ignored_dispute_status';
    else
      -- A dispute opens (the bank holds its amount, so its tokens are held) or closes, possibly
      -- before its "created" event arrived; won (or an inquiry closed) releases its share, lost
      -- keeps it. Its amount is at most the purchase's; repeated events for one dispute never
      -- lower it.
      update public.token_purchases
         set amount_disputed_minor = case when stripe_dispute_id = v_dispute
               then greatest(amount_disputed_minor, least(amount_minor, coalesce(v_amount, amount_minor)))
               else least(amount_minor, coalesce(v_amount, amount_minor)) end,
             dispute_opened_at = case when stripe_dispute_id = v_dispute
               then coalesce(dispute_opened_at, private.app_now()) else private.app_now() end,
             stripe_dispute_id = v_dispute,
             dispute_status = case when p_type = 'charge.dispute.created' then 'open'
                                   when v_status = 'lost' then 'lost' else 'won' end,
             updated_at = now()
       where id = v_purchase.id;
      perform private.settle_purchase_reversals(v_purchase.id,
        case when p_type = 'charge.dispute.created' or v_status = 'lost' then 'purchase_dispute'
             else 'purchase_dispute_won' end, p_event_id);
      v_outcome := case when p_type = 'charge.dispute.created' then 'disputed'
                        when v_status = 'lost' then 'dispute_lost' else 'dispute_won' end;
    end if;
    if v_outcome in ('refunded', 'dispute_lost') then
      perform private.on_purchase_reversed(v_purchase);
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
