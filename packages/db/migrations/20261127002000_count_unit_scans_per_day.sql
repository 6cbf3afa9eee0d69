-- Per-unit daily scan counts kept as scans arrive (issue 33, decision 0173): the brand's analytics
-- list their single units (the ten most scanned, those scanned by many scanners) from counts, and no
-- longer read the period's raw scans, which for a large brand are 10^8 rows.
--
-- public.business_unit_scan_days holds, per business, issued unit and UTC day, the number of scans
-- and of distinct scanners (scanner_hash). The scan trigger of migration 20261127001500 keeps it
-- beside business_scan_days; the delete trigger takes back what a deleted unit or product removes.
-- Like business_scan_days, it outlives the months that retention drops.
--
-- A scanner is counted once a unit and day: private.unit_scan_day_scanners remembers the scanner
-- hashes of each unit for the days a scan can still arrive in (today and yesterday, UTC; the scan
-- partitions job forgets older days). Its primary key decides, also between concurrent scans: the
-- second insert of the same hash waits for the first and then adds nothing. The hash is salted per
-- day (private.scanner_hash), so the same scanner on two days is two hashes anyway.

create table public.business_unit_scan_days (
  business_id uuid not null references auth.users (id) on delete cascade,
  -- No foreign key: a key's cascade would run one delete per deleted unit (10^6 for a brand's
  -- account); the delete trigger on units below removes a statement's units' rows in one.
  unit_id uuid not null,
  day date not null,
  scans bigint not null default 0 check (scans >= 0),
  scanners int not null default 0 check (scanners >= 0)
);
-- The upsert's key; also a candidate unit's sum over a period (from the index alone where the rows
-- are all-visible, hence the included counts), and the removal of deleted units' rows.
create unique index business_unit_scan_days_key on public.business_unit_scan_days (unit_id, business_id, day)
  include (scans, scanners);
-- A day's most scanned units, read from the top: the candidates of the period's top units.
create index business_unit_scan_days_top_idx on public.business_unit_scan_days (business_id, day, scans desc);
-- Units with more than 5 scanners on a day: a unit with more than 10 over two days has one such day.
create index business_unit_scan_days_scanners_idx on public.business_unit_scan_days (business_id, day)
  where scanners > 5;
alter table public.business_unit_scan_days enable row level security;
grant select on public.business_unit_scan_days to authenticated, service_role;
create policy "Businesses read the counts of their own units' scans" on public.business_unit_scan_days
  for select to authenticated using (business_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.business_unit_scan_days
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

insert into private.personal_data (table_name, column_name, names_user_with, section, not_exported_because, on_delete, kept_because) values
  ('public.business_unit_scan_days', 'business_id', 'id', null,
   'Counts of the label scans the export carries one by one (section business_unit_scans).', 'cascade', null);

-- Deleted units take their counts along, once a statement. A scan being inserted holds its unit
-- (the scans' foreign key), so no count of a unit deleted meanwhile is left behind.
create or replace function private.forget_deleted_units_scan_counts() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.business_unit_scan_days d using gone_units g where d.unit_id = g.id;
  return null;
end
$$;
revoke execute on function private.forget_deleted_units_scan_counts() from public;
create trigger business_units_forget_scan_counts after delete on public.business_units
  referencing old table as gone_units for each statement execute function private.forget_deleted_units_scan_counts();

-- No role reads or writes it: only the scan triggers (security definer) do.
create table private.unit_scan_day_scanners (
  unit_id uuid not null,
  day date not null,
  scanner_hash text not null,
  primary key (unit_id, day, scanner_hash)
);
revoke all on private.unit_scan_day_scanners from public;

-- The per-unit counts made again from the raw scans: by the backfill below, after a restore (whose
-- rows arrive with triggers off) and by the scale bench after its bulk seeding. Days from the
-- earliest raw scan of a unit on are recounted; earlier days, whose scans retention dropped, keep
-- the counts they have (retention drops whole months, so no day is half dropped). The scanners of
-- today and yesterday are remembered again for the scans still to come.
create or replace function private.rebuild_unit_scan_counts() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_first timestamptz;
  v_yesterday date := (now() at time zone 'UTC')::date - 1;
begin
  select min(s.scanned_at) into v_first from public.business_unit_scans s where s.unit_id is not null;
  if v_first is not null then
    delete from public.business_unit_scan_days d where d.day >= (v_first at time zone 'UTC')::date;
    insert into public.business_unit_scan_days (business_id, unit_id, day, scans, scanners)
    select s.business_id, s.unit_id, (s.scanned_at at time zone 'UTC')::date, count(*), count(distinct s.scanner_hash)
      from public.business_unit_scans s
     where s.unit_id is not null and s.business_id is not null
     group by 1, 2, 3;
  end if;
  delete from private.unit_scan_day_scanners;
  insert into private.unit_scan_day_scanners (unit_id, day, scanner_hash)
  select distinct s.unit_id, (s.scanned_at at time zone 'UTC')::date, s.scanner_hash
    from public.business_unit_scans s
   where s.unit_id is not null and s.business_id is not null
     and s.scanned_at >= v_yesterday::timestamp at time zone 'UTC';
end
$$;
revoke execute on function private.rebuild_unit_scan_counts() from public;

select private.rebuild_unit_scan_counts();

-- The scanners of days before yesterday (UTC) are forgotten: no scan arrives for them any more (a
-- scan is stamped now()), and their hashes' salts are gone. The scan partitions job calls this daily.
create or replace function private.forget_old_unit_scanners(p_at timestamptz default now()) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  v_gone bigint;
begin
  delete from private.unit_scan_day_scanners x where x.day < (p_at at time zone 'UTC')::date - 1;
  get diagnostics v_gone = row_count;
  return v_gone;
end
$$;
revoke execute on function private.forget_old_unit_scanners(timestamptz) from public;
grant execute on function private.forget_old_unit_scanners(timestamptz) to service_role;

-- The scan trigger: the product's daily count as before (migration 20261127001500), and for a scan
-- of an issued unit the unit's, with its scanner counted when new that day. Rows moved between
-- partitions (tagledger.moving_scans) are no new scans.
create or replace function private.count_scan() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_day date;
  v_new_scanner int := 0;
begin
  if current_setting('tagledger.moving_scans', true) = 'on' then
    return null;
  end if;
  if new.business_id is not null then
    v_day := (new.scanned_at at time zone 'UTC')::date;
    insert into public.business_scan_days as d (business_id, product_id, day, scans, unknown_serial_scans)
    values (new.business_id, new.product_id, v_day, 1, (new.unit_id is null)::int)
    on conflict (business_id, day, product_id) do update
      set scans = d.scans + 1, unknown_serial_scans = d.unknown_serial_scans + excluded.unknown_serial_scans;
    if new.unit_id is not null then
      insert into private.unit_scan_day_scanners (unit_id, day, scanner_hash)
      values (new.unit_id, v_day, new.scanner_hash)
      on conflict do nothing;
      get diagnostics v_new_scanner = row_count;
      insert into public.business_unit_scan_days as d (business_id, unit_id, day, scans, scanners)
      values (new.business_id, new.unit_id, v_day, 1, v_new_scanner)
      on conflict (unit_id, business_id, day) do update
        set scans = d.scans + 1, scanners = d.scanners + excluded.scanners;
    end if;
  end if;
  return null;
end
$$;

-- Deletes, once a statement and grouped, as before; a unit's day loses the deleted scans, and its
-- scanners are those of the scans that remain that day (read by the unit's scans index: one unit's
-- day), in one statement.
create or replace function private.uncount_scans() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('tagledger.moving_scans', true) = 'on' then
    return null;
  end if;
  update public.business_scan_days d
     set scans = greatest(d.scans - g.scans, 0),
         unknown_serial_scans = greatest(d.unknown_serial_scans - g.unknown_serial_scans, 0)
    from (select o.business_id, o.product_id, (o.scanned_at at time zone 'UTC')::date as day,
                 count(*) as scans, count(*) filter (where o.unit_id is null) as unknown_serial_scans
            from gone o where o.business_id is not null group by 1, 2, 3) g
   where d.business_id = g.business_id and d.product_id is not distinct from g.product_id and d.day = g.day;
  -- A delete cascaded from a unit, product or account (a foreign key's trigger runs it, so this
  -- one is nested) takes the units' counts along (the units' delete trigger, the account's foreign
  -- key): only a direct delete
  -- of scans, of units that remain, is taken back here. A deleted unit's remembered scanners go
  -- within two days (private.forget_old_unit_scanners).
  if pg_catalog.pg_trigger_depth() > 1 then
    return null;
  end if;
  with g as (
    select o.business_id, o.unit_id, (o.scanned_at at time zone 'UTC')::date as day, o.scanner_hash
      from gone o join public.business_units u on u.id = o.unit_id
     where o.business_id is not null
  ), took as (
    update public.business_unit_scan_days d
       set scans = greatest(d.scans - c.scans, 0),
           scanners = (select count(distinct s.scanner_hash) from public.business_unit_scans s
                        where s.unit_id = d.unit_id and s.business_id = d.business_id
                          and s.scanned_at >= d.day::timestamp at time zone 'UTC'
                          and s.scanned_at < (d.day + 1)::timestamp at time zone 'UTC')
      from (select g.business_id, g.unit_id, g.day, count(*) as scans from g group by 1, 2, 3) c
     where d.unit_id = c.unit_id and d.business_id = c.business_id and d.day = c.day
  )
  delete from private.unit_scan_day_scanners x
   using (select distinct g.unit_id, g.day, g.scanner_hash from g) c
   where x.unit_id = c.unit_id and x.day = c.day and x.scanner_hash = c.scanner_hash
     and not exists (select 1 from public.business_unit_scans s
                      where s.unit_id = c.unit_id and s.scanner_hash = c.scanner_hash
                        and s.scanned_at >= c.day::timestamp at time zone 'UTC'
                        and s.scanned_at < (c.day + 1)::timestamp at time zone 'UTC');
  return null;
end
$$;

-- The brand's analytics: totals, days and products from the daily counts as before; the ten most
-- scanned units and the units scanned by many scanners from the per-unit counts. Same answer shape.
--
-- Top units: the candidates are each day's k most scanned units (read from the top of each day in
-- business_unit_scan_days_top_idx), their sums over the period are exact. A unit outside every
-- day's k has at most, each day, that day's k-th count: when the tenth candidate's sum exceeds the
-- sum of those k-th counts, no other unit can reach it and the list is exact. Otherwise k grows
-- once, from 16 to 128, for periods of up to 64 days (at most 8,192 candidates); if the proof still
-- fails (no unit stands out: scans spread evenly over many units) the list is the best of the
-- candidates, which may miss a unit never among a day's k most scanned (decision 0173).
--
-- many_scans: more than 10 distinct scanners today and yesterday (UTC) together, no longer the
-- last 24 hours: the counts are per UTC day. A scanner's hash changes with the day, so the two
-- days' scanners add up.
create or replace function public.my_business_scan_analytics(p_days int default 30) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since timestamptz;
  v_first_day date;
  v_today date := (now() at time zone 'UTC')::date;
  v_unknown bigint;
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
  -- The daily counts say whether the period has scans of serials never issued at all: the usual
  -- answer, none, spares reading the period's raw scans for them.
  select coalesce(sum(d.unknown_serial_scans), 0) into v_unknown from public.business_scan_days d
   where d.business_id = v_uid and d.day >= v_first_day;
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
