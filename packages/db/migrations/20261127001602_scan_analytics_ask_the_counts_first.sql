-- Brands' analytics (issue 33, decision 0165; counts from decision 0157): the lists of single units
-- cannot come from the daily counts, which hold products and days, not units; but the counts say
-- when there is nothing to list. Serials never issued are looked for in the period's raw scans only
-- when the counts have such scans (most brands, most months: none), and the ten most scanned units
-- only when the period has scans of issued units. The rest is unchanged from migration 20261127001500.

create or replace function public.my_business_scan_analytics(p_days int default 30) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since timestamptz;
  v_first_day date;
  v_today date := (now() at time zone 'UTC')::date;
  v_unknown bigint;
begin
  perform private.require_aal_satisfied();
  -- Anyone signed in may ask; the answer only ever counts scans of the caller's own products.
  if v_uid is null then
    raise exception 'Sign in to see scan analytics' using errcode = '42501';
  end if;
  if p_days is null or p_days < 1 or p_days > 365 then
    raise exception 'Choose 1 to 365 days' using errcode = '22023';
  end if;
  v_first_day := v_today - (p_days - 1);
  v_since := v_first_day::timestamp at time zone 'UTC';
  -- The daily counts say whether the period has scans of serials never issued at all: the usual
  -- answer, none, spares reading the period's raw scans for them.
  select coalesce(sum(d.unknown_serial_scans), 0) into v_unknown from public.business_scan_days d
   where d.business_id = v_uid and d.day >= v_first_day;
  return jsonb_build_object(
    'days', p_days,
    'total', (select coalesce(sum(d.scans), 0) from public.business_scan_days d
               where d.business_id = v_uid and d.day >= v_first_day),
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', g.day::date, 'count', coalesce(c.n, 0)) order by g.day)
        from generate_series(v_first_day::timestamp, v_today::timestamp, interval '1 day') as g(day)
        left join (select d.day, sum(d.scans) as n from public.business_scan_days d
                    where d.business_id = v_uid and d.day >= v_first_day group by d.day) c on c.day = g.day::date),
      '[]'::jsonb),
    'products', coalesce((
      select jsonb_agg(jsonb_build_object('product_id', x.product_id, 'name', x.name, 'gtin', x.gtin, 'count', x.n)
               order by x.n desc, x.name)
        from (select p.id as product_id, p.name, p.gtin, sum(d.scans) as n from public.business_scan_days d
                join public.business_products p on p.id = d.product_id
               where d.business_id = v_uid and d.day >= v_first_day
               group by p.id having sum(d.scans) > 0) x), '[]'::jsonb),
    'top_units', coalesce((
      select jsonb_agg(jsonb_build_object('unit_id', x.unit_id, 'serial', x.serial, 'product', x.name,
               'status', x.status, 'count', x.n) order by x.n desc, x.serial)
        from (select u.id as unit_id, u.serial, p.name, u.status, count(*) as n from public.business_unit_scans s
                join public.business_units u on u.id = s.unit_id
                join public.business_products p on p.id = u.product_id
               where s.business_id = v_uid and s.scanned_at >= v_since
                 and exists (select 1 from public.business_scan_days d
                              where d.business_id = v_uid and d.day >= v_first_day and d.scans > d.unknown_serial_scans)
               group by u.id, p.name order by n desc, u.serial limit 10) x), '[]'::jsonb),
    'flagged', coalesce((
      select jsonb_agg(f order by f->>'reason', (f->>'count')::int desc)
        from (
          select jsonb_build_object('reason', 'many_scans', 'unit_id', u.id, 'serial', u.serial, 'product', p.name,
                   'status', u.status, 'count', count(distinct s.scanner_hash)) as f
            from public.business_unit_scans s
            join public.business_units u on u.id = s.unit_id
            join public.business_products p on p.id = u.product_id
           where s.business_id = v_uid and s.scanned_at > now() - interval '24 hours'
           group by u.id, p.name having count(distinct s.scanner_hash) > 10
          union all
          select jsonb_build_object('reason', 'never_issued', 'unit_id', null, 'serial', s.serial,
                   'product', p.name, 'gtin', s.gtin, 'status', null, 'count', count(*))
            from public.business_unit_scans s
            left join public.business_products p on p.id = s.product_id
           where v_unknown > 0 and s.business_id = v_uid and s.unit_id is null and s.scanned_at >= v_since
           group by s.serial, s.gtin, p.name
        ) flagged_rows(f)), '[]'::jsonb),
    'shared_serials', coalesce((
      select jsonb_agg(jsonb_build_object('serial', x.serial, 'product', x.name, 'other_brands', x.others)
               order by x.serial, x.name)
        from (select u.serial, p.name,
                     (select count(distinct o.business_id) from public.business_units o
                       where o.serial = u.serial and o.business_id <> v_uid) as others
                from public.business_units u
                join public.business_products p on p.id = u.product_id
               where u.business_id = v_uid
                 and u.serial in (select s.serial from public.business_unit_scans s
                                   where s.ambiguous and s.scanned_at >= v_since)
               order by u.serial limit 100) x), '[]'::jsonb)
  );
end
$$;
