-- A moderator's recall is the moderator's to end (issue 30, review). moderator_act(…, 'mark_recalled')
-- set the product recalled, and the business ended that recall with one call of
-- business_set_product_status(…, 'active') — or an update of the status through the data API, or
-- by deleting the product and adding its GTIN again — so a verdict customers rely on on every scan
-- page lasted until the business clicked. As with a counterfeit unit (migration 20261127000300):
--
--   - the product records the moderator's recall, when and why (moderator_recall_at,
--     moderator_recall_reason), which its business reads on its product page; no API role writes
--     those columns (there is no grant), so only the functions below set or clear them;
--   - while it stands, a trigger refuses every change of the product's status away from recalled
--     and every delete of the product, for every role, with the moderator's reason in the hint;
--   - only a moderator ends it: moderator_set_product_status(…, 'active', reason), which writes the
--     moderation log like every other decision. Deleting the whole account still takes the
--     catalogue with it (GDPR), as for counterfeit units.
--
-- The recall is recorded from the moderation log: whatever logs a 'mark_recalled' decision (today
-- moderator_act and moderator_set_product_status) marks the product named in its details, so the
-- verdict and its record cannot disagree.

alter table public.business_products
  add column moderator_recall_at timestamptz,
  add column moderator_recall_reason text
    check (moderator_recall_reason is null or char_length(btrim(moderator_recall_reason)) between 1 and 1000),
  add constraint business_products_moderator_recall_whole
    check ((moderator_recall_at is null) = (moderator_recall_reason is null)),
  add constraint business_products_moderator_recall_is_recalled
    check (moderator_recall_at is null or status = 'recalled');

alter table public.moderation_log drop constraint moderation_log_action_check;
alter table public.moderation_log add constraint moderation_log_action_check
  check (action in ('dismiss', 'hide_asset', 'mark_counterfeit', 'mark_recalled', 'lift_recall', 'warn_user',
                    'request_ban', 'decline_ban'));

create or replace function private.record_moderator_recall() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.details ? 'product_id' then
    update public.business_products p
       set status = 'recalled', moderator_recall_at = new.created_at, moderator_recall_reason = btrim(new.reason)
     where p.id = (new.details ->> 'product_id')::uuid;
  end if;
  return null;
end
$$;
revoke execute on function private.record_moderator_recall() from public;

create trigger moderation_log_records_recalls after insert on public.moderation_log
  for each row when (new.action = 'mark_recalled') execute function private.record_moderator_recall();

create or replace function private.keep_a_moderators_recall() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- The account is being deleted (its auth.users row is already gone): the catalogue goes with it.
    if old.moderator_recall_at is not null and exists (select 1 from auth.users u where u.id = old.business_id) then
      raise exception 'A moderator recalled this product: it is kept, recalled, until a moderator ends the recall'
        using errcode = '42501', hint = 'The moderator''s reason: ' || old.moderator_recall_reason;
    end if;
    return old;
  end if;
  if old.moderator_recall_at is not null and new.moderator_recall_at is not null
     and new.status is distinct from 'recalled' then
    raise exception 'A moderator recalled this product; only a moderator can end the recall'
      using errcode = '42501', hint = 'The moderator''s reason: ' || old.moderator_recall_reason;
  end if;
  return new;
end
$$;
revoke execute on function private.keep_a_moderators_recall() from public;

create trigger business_products_keep_recalls before update or delete on public.business_products
  for each row execute function private.keep_a_moderators_recall();

-- A moderator recalls a product, or ends their (or another moderator's) recall, with a reason. Both
-- are logged; a business's own recall is not theirs to end (the business ends it itself).
create or replace function public.moderator_set_product_status(p_product_id uuid, p_status text, p_reason text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_product public.business_products;
  v_reason text := btrim(coalesce(p_reason, ''));
  v_log_id bigint;
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  if p_status is null or p_status not in ('recalled', 'active') then
    raise exception 'Status must be recalled or active' using errcode = '22023';
  end if;
  if char_length(v_reason) = 0 or char_length(v_reason) > 1000 then
    raise exception 'Give a reason (up to 1000 characters)' using errcode = '22023';
  end if;
  select * into v_product from public.business_products p where p.id = p_product_id for update;
  if not found then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if p_status = 'active' then
    if v_product.moderator_recall_at is null then
      raise exception 'No moderator''s recall stands on this product' using errcode = '55000';
    end if;
    update public.business_products
       set moderator_recall_at = null, moderator_recall_reason = null, status = 'active'
     where id = v_product.id;
  end if;
  -- A recall is recorded on the product by the log's trigger (record_moderator_recall).
  insert into public.moderation_log (moderator_id, queue, item_id, action, target_user_id, reason, details)
  values (auth.uid(), 'products', v_product.id::text,
          case when p_status = 'active' then 'lift_recall' else 'mark_recalled' end,
          v_product.business_id, v_reason,
          jsonb_build_object('product_id', v_product.id, 'name', v_product.name, 'from', v_product.status))
  returning id into v_log_id;
  return jsonb_build_object('id', v_product.id, 'status', p_status, 'log_id', v_log_id);
end
$$;
revoke execute on function public.moderator_set_product_status(uuid, text, text) from public;
grant execute on function public.moderator_set_product_status(uuid, text, text) to authenticated;
