-- Issue 33 (decision 0172): the business overview's "Label scans, last 30 days" counted the
-- business's raw scans of 30 days on every view, 10⁸ rows for the brands of the issue. It now sums
-- the daily counts kept as scans arrive (business_scan_days, decision 0157) over the last 30 UTC
-- days, today included, as the scan analytics' total for 30 days does: at most 30 rows per product
-- scanned, through business_scan_days_key (business_id, day, product_id). Otherwise as before
-- (20261127001800).
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
      'products', count(*),
      'recalled_products', count(*) filter (where p.status = 'recalled'),
      'units', coalesce(sum(p.unit_count), 0),
      'units_by_status', jsonb_build_object(
        'active', coalesce(sum(p.active_units), 0),
        'sold', coalesce(sum(p.sold_units), 0),
        'recalled', coalesce(sum(p.recalled_units), 0),
        'counterfeit', coalesce(sum(p.counterfeit_units), 0)),
      'scans_30d', (select coalesce(sum(d.scans), 0) from public.business_scan_days d
                     where d.business_id = v_uid and d.day >= (now() at time zone 'UTC')::date - 29),
      'recent_products', coalesce((
        select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name, 'gtin', r.gtin, 'sku', r.sku,
                 'status', r.status, 'created_at', r.created_at, 'units', r.unit_count)
                 order by r.created_at desc, r.id)
          from (select * from public.business_products r where r.business_id = v_uid
                 order by r.created_at desc, r.id limit 5) r), '[]'::jsonb),
      'tagged_assets', (select count(*) from public.assets a where a.owner_id = v_uid and a.kind = 'business'))
    from public.business_products p
   where p.business_id = v_uid
  );
end
$$;
revoke execute on function public.my_business_overview() from public;
grant execute on function public.my_business_overview() to authenticated;
