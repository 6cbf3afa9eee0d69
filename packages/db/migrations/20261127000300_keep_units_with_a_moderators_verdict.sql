-- Issue 27, item 3: a business erased a moderator's counterfeit verdict by deleting the unit (or
-- its product, which cascaded) and adding the serial again, active and with no scans. A unit a
-- moderator marked counterfeit is evidence: it cannot be deleted while the verdict stands, nor its
-- product, so its scans and the reports that name it stay too (they cascade only from the unit or
-- the product). Re-adding the serial is then impossible as well: (business_id, serial) is unique,
-- the CSV imports and ranges skip serials already there, and no API role may update a
-- counterfeit unit (RLS) or its serial (column grants).
--
-- Only a moderator's "clear" (moderator_set_unit_status … 'active') lifts the protection. Deleting
-- the whole account (delete-account, GDPR) still takes the catalogue with it: the account's
-- auth.users row is gone by the time the cascade reaches the units. A new account then needs an
-- admin's approval again before it may add any unit.

create or replace function private.keep_units_with_a_verdict() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = old.business_id) then
    raise exception 'A moderator marked unit % counterfeit: it is kept as evidence and cannot be deleted', old.serial
      using errcode = '42501',
            hint = 'Only a moderator can clear the verdict; until then the unit, its scans and reports stay.';
  end if;
  return old;
end
$$;
revoke execute on function private.keep_units_with_a_verdict() from public;

create trigger business_units_keep_verdicts before delete on public.business_units
  for each row when (old.status = 'counterfeit') execute function private.keep_units_with_a_verdict();

-- The product's own refusal comes first, so the business reads why its product stays rather than a
-- message about one of its units.
create or replace function private.keep_products_with_a_verdict() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_count bigint;
begin
  select count(*) into v_count from public.business_units u
   where u.product_id = old.id and u.status = 'counterfeit';
  if v_count > 0 and exists (select 1 from auth.users u where u.id = old.business_id) then
    raise exception 'A moderator marked % of this product''s units counterfeit: the product and those units are kept as evidence',
      v_count using errcode = '42501',
            hint = 'Only a moderator can clear the verdict; until then the product cannot be deleted.';
  end if;
  return old;
end
$$;
revoke execute on function private.keep_products_with_a_verdict() from public;

create trigger business_products_keep_verdicts before delete on public.business_products
  for each row execute function private.keep_products_with_a_verdict();
