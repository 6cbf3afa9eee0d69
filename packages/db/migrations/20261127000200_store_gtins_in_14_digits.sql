-- GTINs in one form everywhere (issue 28, decision 0140): the 14 digits GS1 Digital Link writes
-- after /01/. GTIN-8, -12 and -13 are the same number with zeros on the left, so a product stored
-- as 4006381333931 and a label read as /01/04006381333931 are one GTIN, and a GTIN is unique across
-- businesses (issue 27: it belongs to the holder of its GS1 company prefix, migration
-- 20261127000201).
--
-- Existing rows are brought to 14 digits. A GTIN cannot stay on a product when it is not a GTIN (a
-- wrong check digit, entered before 20261125000200 checked it) or when two products would then
-- share it (two businesses, or one business that typed it once with and once without the leading
-- zero): it is "released" — kept in released_gtin with the reason, so the business sees what
-- happened, and given back when an administrator verifies the business's prefix (20261127000201).

-- The 14-digit form of a GTIN-8, -12, -13 or -14; null for anything else.
create or replace function private.gtin14(p_gtin text) returns text
language sql immutable set search_path = ''
as $$
  select case when p_gtin ~ '^([0-9]{8}|[0-9]{12,14})$' then lpad(p_gtin, 14, '0') end
$$;
revoke execute on function private.gtin14(text) from public;
grant execute on function private.gtin14(text) to authenticated, service_role;

alter table public.business_products
  add column released_gtin text check (released_gtin is null or released_gtin ~ '^[0-9]{14}$'),
  add column gtin_released_reason text
    check (gtin_released_reason is null or gtin_released_reason in ('check_digit', 'duplicate', 'other_prefix')),
  add column gtin_released_at timestamptz,
  add constraint business_products_release_consistent check (
    (released_gtin is null) = (gtin_released_reason is null)
    and (released_gtin is null) = (gtin_released_at is null)
    and (gtin is null or released_gtin is null));
-- A product whose GTIN was released is still identified (by the GTIN it had).
alter table public.business_products drop constraint business_products_identified;
alter table public.business_products add constraint business_products_identified
  check (gtin is not null or sku is not null or released_gtin is not null);

-- Wrong check digits first: such a number is no GTIN, whoever holds it.
update public.business_products
   set released_gtin = lpad(gtin, 14, '0'), gtin_released_reason = 'check_digit', gtin_released_at = now(), gtin = null
 where gtin is not null and not private.gtin_check_digit_ok(gtin);

-- Then every GTIN two products would share in its 14-digit form: none of them keeps it, since no
-- business has proven yet that it holds the prefix (20261127000201 gives it back to the one that does).
update public.business_products p
   set released_gtin = lpad(p.gtin, 14, '0'), gtin_released_reason = 'duplicate', gtin_released_at = now(), gtin = null
 where p.gtin is not null
   and exists (select 1 from public.business_products o
                where o.id <> p.id and o.gtin is not null and lpad(o.gtin, 14, '0') = lpad(p.gtin, 14, '0'));

update public.business_products set gtin = lpad(gtin, 14, '0') where char_length(gtin) < 14;

alter table public.business_products validate constraint business_products_gtin_check_digit;
alter table public.business_products drop constraint business_products_gtin_check;
alter table public.business_products
  add constraint business_products_gtin_14_digits check (gtin is null or gtin ~ '^[0-9]{14}$');

-- Clients (the product form, scripts) may send any of the four lengths; the row keeps 14 digits.
-- Anything else is left as sent, for the check constraint to refuse.
create or replace function private.business_products_gtin14() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.gtin := coalesce(private.gtin14(new.gtin), new.gtin);
  return new;
end
$$;
revoke execute on function private.business_products_gtin14() from public;
create trigger business_products_gtin_1_normalise before insert or update of gtin on public.business_products
  for each row execute function private.business_products_gtin14();

-- One product per GTIN across every business (was: per business).
drop index public.business_products_gtin_idx;
create unique index business_products_gtin_key on public.business_products (gtin) where gtin is not null;
