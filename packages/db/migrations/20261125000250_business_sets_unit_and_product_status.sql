-- A business changes the status of its own units (active, sold, recalled) and recalls or restores a
-- whole product line from the product page (issue 14). "counterfeit" stays the moderators' verdict
-- (moderator_set_unit_status): these functions neither set it nor move a unit out of it.
--
-- Security invoker, like business_add_unit_range: the catalogue's RLS already limits writes to the
-- caller's own rows as a verified business at aal2. The explicit checks below come first so that
-- the caller gets a precise error (not found, not a business, second factor needed) rather than a
-- silent "0 rows updated".

create or replace function public.business_set_unit_status(p_unit_id uuid, p_status text) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_unit public.business_units;
begin
  perform private.require_aal_satisfied();
  if p_status is null or p_status not in ('active', 'sold', 'recalled') then
    raise exception 'Status must be active, sold or recalled' using errcode = '22023';
  end if;
  if not private.is_business() then
    raise exception 'Only a verified business can change unit status' using errcode = '42501';
  end if;
  -- RLS shows moderators every unit, so ownership is checked here and not left to visibility.
  select u.* into v_unit from public.business_units u where u.id = p_unit_id and u.business_id = auth.uid();
  if not found then
    raise exception 'Unit not found' using errcode = 'P0002';
  end if;
  if v_unit.status = 'counterfeit' then
    raise exception 'A moderator marked this unit counterfeit; only a moderator can change that'
      using errcode = '42501';
  end if;
  update public.business_units set status = p_status where id = v_unit.id;
  return jsonb_build_object('id', v_unit.id, 'serial', v_unit.serial, 'status', p_status);
end
$$;
revoke execute on function public.business_set_unit_status(uuid, text) from public;
grant execute on function public.business_set_unit_status(uuid, text) to authenticated;

-- Recalling a product marks every one of its units recalled, so that each label's scan page says so
-- whatever it showed before; restoring the product puts its recalled units back to active. Units a
-- moderator marked counterfeit keep that verdict either way.
create or replace function public.business_set_product_status(p_product_id uuid, p_status text) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_product public.business_products;
  v_units int;
begin
  perform private.require_aal_satisfied();
  if p_status is null or p_status not in ('active', 'recalled') then
    raise exception 'Status must be active or recalled' using errcode = '22023';
  end if;
  if not private.is_business() then
    raise exception 'Only a verified business can recall a product' using errcode = '42501';
  end if;
  select p.* into v_product from public.business_products p
    where p.id = p_product_id and p.business_id = auth.uid();
  if not found then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  update public.business_products set status = p_status where id = v_product.id;
  if p_status = 'recalled' then
    update public.business_units set status = 'recalled'
      where product_id = v_product.id and status in ('active', 'sold');
  else
    update public.business_units set status = 'active'
      where product_id = v_product.id and status = 'recalled';
  end if;
  get diagnostics v_units = row_count;
  return jsonb_build_object('id', v_product.id, 'status', p_status, 'units_changed', v_units);
end
$$;
revoke execute on function public.business_set_product_status(uuid, text) from public;
grant execute on function public.business_set_product_status(uuid, text) to authenticated;
