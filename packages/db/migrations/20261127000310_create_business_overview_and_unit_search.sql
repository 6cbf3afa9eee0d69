-- Issue 28, item 4: the business overview counted the older business-kind assets (0 products, 0
-- units) while the catalogue held 1 product and 1,055 units, and the unit list (22 pages) had no
-- search. The overview now reads the catalogue, and a product's units are paged by serial with a
-- search by the start of the serial, both served by one index in byte order ("C"), the order label
-- sheets use for their serial ranges (unit-labels-pdf).

-- A product's units in serial byte order: the (product_id, serial) index of the catalogue
-- migration sorts by the database's collation, which need not be byte order. This one serves the
-- unit list (prefix and keyset bounds) and the label sheets' ranges alike, and product_id as its
-- first key still serves the foreign key, so it replaces the old one.
create index business_units_product_serial_c_idx on public.business_units (product_id, serial collate "C");
drop index public.business_units_product_idx;

-- RPC business_unit_page(p_product_id, p_prefix, p_after, p_limit): one page of a product's units
-- in serial byte order, those whose serial starts with p_prefix (case as typed: serials are
-- case-sensitive), after the serial p_after (keyset: the last serial of the previous page).
-- Security invoker: RLS decides what the caller sees (the business its own units, aal2 for
-- two-factor users). Serials hold only [A-Za-z0-9._-], all before '~' in byte order, so "starts
-- with p" is the range [p, p || '~'), which the index answers without reading other rows.
create or replace function public.business_unit_page(
  p_product_id uuid, p_prefix text default null, p_after text default null, p_limit int default 50
) returns setof public.business_units
language plpgsql stable security invoker set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if p_prefix is not null and p_prefix !~ '^[A-Za-z0-9._-]{0,64}$' then
    raise exception 'Search with letters, digits, dots, dashes or underscores (at most 64)' using errcode = '22023';
  end if;
  if p_after is not null and p_after !~ '^[A-Za-z0-9._-]{1,64}$' then
    raise exception 'p_after must be a serial' using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 then
    raise exception 'A page holds 1 to 200 units' using errcode = '22023';
  end if;
  return query
    select u.* from public.business_units u
     where u.product_id = p_product_id
       and u.serial collate "C" >= coalesce(p_prefix, '')
       and u.serial collate "C" < coalesce(p_prefix, '') || '~'
       and u.serial collate "C" > coalesce(p_after, '')
     order by u.serial collate "C"
     limit p_limit;
end
$$;
revoke execute on function public.business_unit_page(uuid, text, text, int) from public;
grant execute on function public.business_unit_page(uuid, text, text, int) to authenticated;

-- RPC my_business_overview(): what /business-dashboard shows, from the catalogue — products
-- (recalled ones apart), units by status, label scans of the last 30 days, the five newest
-- products with their unit counts, and how many older business-kind assets the account tagged
-- before the catalogue existed (they stay under My Assets). Security invoker with an explicit
-- filter on the caller: RLS shows moderators every business's rows, and the overview is one's own.
create or replace function public.my_business_overview() returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  perform private.require_aal_satisfied();
  if v_uid is null then
    raise exception 'Sign in to see your business overview' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'products', (select count(*) from public.business_products p where p.business_id = v_uid),
      'recalled_products', (select count(*) from public.business_products p
                             where p.business_id = v_uid and p.status = 'recalled'),
      'units', coalesce(sum(s.n), 0),
      'units_by_status', jsonb_build_object(
        'active', coalesce(sum(s.n) filter (where s.status = 'active'), 0),
        'sold', coalesce(sum(s.n) filter (where s.status = 'sold'), 0),
        'recalled', coalesce(sum(s.n) filter (where s.status = 'recalled'), 0),
        'counterfeit', coalesce(sum(s.n) filter (where s.status = 'counterfeit'), 0)),
      'scans_30d', (select count(*) from public.business_unit_scans sc
                     where sc.business_id = v_uid and sc.scanned_at >= now() - interval '30 days'),
      'recent_products', coalesce((
        select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku,
                 'status', p.status, 'created_at', p.created_at,
                 'units', (select count(*) from public.business_units u where u.product_id = p.id))
                 order by p.created_at desc, p.id)
          from (select * from public.business_products p where p.business_id = v_uid
                 order by p.created_at desc, p.id limit 5) p), '[]'::jsonb),
      'tagged_assets', (select count(*) from public.assets a where a.owner_id = v_uid and a.kind = 'business'))
    from (select u.status, count(*) as n from public.business_units u where u.business_id = v_uid group by u.status) s
  );
end
$$;
revoke execute on function public.my_business_overview() from public;
grant execute on function public.my_business_overview() to authenticated;
