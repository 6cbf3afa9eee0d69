-- The brand's scan analytics read the period's daily counts per product once (issue 33): the
-- total, the days, the products list and the check for serials never issued each summed them
-- again, four reads of products × days rows (30,000 for a brand of 1,000 products over 30 days,
-- the scale bench's brand at 10^7 units). Same answer; otherwise as migration 20261127002000.

create or replace function public.my_business_scan_analytics(p_days int default 30) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since timestamptz;
  v_first_day date;
  v_today date := (now() at time zone 'UTC')::date;
  v_unknown bigint;
  v_total bigint;
  v_daily jsonb;
  v_products jsonb;
  v_k int := 16;
  v_top jsonb;
  v_listed int;
  v_tenth numeric;
  v_bound numeric;
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
  -- The period's daily counts per product, read once: the total, the days, the products, and
  -- whether the period has scans of serials never issued at all (the usual answer, none, spares
  -- reading the period's raw scans for them).
  with c as materialized (
    select d.day, d.product_id, d.scans, d.unknown_serial_scans from public.business_scan_days d
     where d.business_id = v_uid and d.day >= v_first_day
  )
  select (select coalesce(sum(c.unknown_serial_scans), 0) from c),
         (select coalesce(sum(c.scans), 0) from c),
         coalesce((
           select jsonb_agg(jsonb_build_object('day', g.day::date, 'count', coalesce(x.n, 0)) order by g.day)
             from generate_series(v_first_day::timestamp, v_today::timestamp, interval '1 day') as g(day)
             left join (select c.day, sum(c.scans) as n from c group by c.day) x on x.day = g.day::date),
           '[]'::jsonb),
         coalesce((
           select jsonb_agg(jsonb_build_object('product_id', x.product_id, 'name', x.name, 'gtin', x.gtin, 'count', x.n)
                    order by x.n desc, x.name)
             from (select p.id as product_id, p.name, p.gtin, x.n
                     from (select c.product_id, sum(c.scans) as n from c group by c.product_id
                           having sum(c.scans) > 0) x
                     join public.business_products p on p.id = x.product_id) x), '[]'::jsonb)
    into v_unknown, v_total, v_daily, v_products;
  loop
    with recursive days(day) as (
      -- The days of the period that have unit counts, one index probe each.
      select min(d.day) from public.business_unit_scan_days d where d.business_id = v_uid and d.day >= v_first_day
      union all
      select (select min(d.day) from public.business_unit_scan_days d where d.business_id = v_uid and d.day > days.day)
        from days where days.day is not null
    ), tops as materialized (
      select t.unit_id, t.scans, row_number() over (partition by days.day order by t.scans desc) as rank
        from days cross join lateral (
          select d.unit_id, d.scans from public.business_unit_scan_days d
           where d.business_id = v_uid and d.day = days.day order by d.scans desc limit v_k) t
       where days.day is not null
    ), best as (
      select u.id as unit_id, u.serial, p.name, u.status, c.n
        from (select distinct t.unit_id from tops t) k
        cross join lateral (select sum(d.scans) as n from public.business_unit_scan_days d
                             where d.unit_id = k.unit_id and d.business_id = v_uid and d.day >= v_first_day) c
        join public.business_units u on u.id = k.unit_id
        join public.business_products p on p.id = u.product_id
       where c.n > 0
       order by c.n desc, u.serial limit 10
    )
    select coalesce(jsonb_agg(jsonb_build_object('unit_id', b.unit_id, 'serial', b.serial, 'product', b.name,
                      'status', b.status, 'count', b.n) order by b.n desc, b.serial), '[]'::jsonb),
           count(*), min(b.n), (select coalesce(sum(t.scans), 0) from tops t where t.rank = v_k)
      into v_top, v_listed, v_tenth, v_bound
      from best b;
    exit when v_listed < 10 or v_tenth > v_bound or v_k >= 128 or p_days > 64;
    v_k := 128;
  end loop;
  return jsonb_build_object(
    'days', p_days,
    'total', v_total,
    'daily', v_daily,
    'products', v_products,
    'top_units', v_top,
    'flagged', coalesce((
      select jsonb_agg(f order by f->>'reason', (f->>'count')::int desc)
        from (
          select jsonb_build_object('reason', 'many_scans', 'unit_id', u.id, 'serial', u.serial, 'product', p.name,
                   'status', u.status, 'count', c.n) as f
            from (select distinct d.unit_id from public.business_unit_scan_days d
                   where d.business_id = v_uid and d.day in (v_today - 1, v_today) and d.scanners > 5) k
            cross join lateral (select sum(d.scanners) as n from public.business_unit_scan_days d
                                 where d.unit_id = k.unit_id and d.business_id = v_uid
                                   and d.day in (v_today - 1, v_today)) c
            join public.business_units u on u.id = k.unit_id
            join public.business_products p on p.id = u.product_id
           where c.n > 10
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

