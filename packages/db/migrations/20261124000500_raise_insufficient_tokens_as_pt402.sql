-- A refused spend has its own SQLSTATE, PT402 ("payment required", PostgREST's PTxyz convention for
-- an HTTP status), so that callers classify it by code rather than by the message text: the server
-- functions answer 402 {code: 'insufficient_tokens'}, and the Data API answers an RPC that spends
-- beyond the balance with 402 too. private.ledger_post is otherwise unchanged from
-- 20261123000600_create_token_purchases.sql (no spending beyond the balance or while in debt).

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
      using errcode = 'PT402';
  end if;
  if v_balance + p_amount < 0 then
    raise exception 'Insufficient tokens' using errcode = 'PT402';
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
