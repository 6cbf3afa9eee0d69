-- Label scans partitioned by month, with daily counts kept as scans arrive (decision 0157).
--
-- A brand's whole production scanned for years is the one table here that grows without bound:
-- 10^8 rows and more. public.business_unit_scans becomes a table partitioned by range of
-- scanned_at, one partition a calendar month (UTC), so that old months can be detached and dropped
-- whole (SCAN_RETENTION_MONTHS) instead of deleted row by row, and so that reads bounded in time
-- touch only their months. The partitions live in the schema scan_partitions, which no API role may
-- use: every read goes through the parent table and its row level security. A default partition
-- catches a scan whose month has no partition yet (the job creates next month's ahead, so this only
-- happens when the job has not run for a month); private.ensure_scan_partitions moves such rows into
-- their month when it creates it.
--
-- public.business_scan_days holds, per business, product and UTC day, the number of scans and of
-- scans of serials never issued; an insert trigger on the scans keeps it, a delete trigger takes
-- back what a deleted unit or product removes. Dropping a month by retention fires no trigger:
-- the counts outlive the raw scans. The brand's scan analytics read their totals, days and
-- products from it.

create schema scan_partitions;
revoke all on schema scan_partitions from public;

-- The new table is built beside the old one, filled, and takes its name.
create table public.business_unit_scans_partitioned (
  id bigint generated always as identity,
  -- Null when the serial was never issued: such scans are kept, against the product when the GTIN
  -- is known, because they are the clearest sign of a copy.
  unit_id uuid,
  product_id uuid,
  business_id uuid,
  serial text not null,
  scanner_hash text not null,
  scanned_at timestamptz not null default now(),
  gtin text,
  ambiguous boolean not null default false
) partition by range (scanned_at);

create table scan_partitions.business_unit_scans_default
  partition of public.business_unit_scans_partitioned default;

-- The partition of one month, named business_unit_scans_YYYY_MM after it. Returns whether it was made.
create or replace function private.create_scan_partition(p_month date) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  v_from timestamptz := (date_trunc('month', p_month::timestamp) at time zone 'UTC');
  v_to timestamptz := ((date_trunc('month', p_month::timestamp) + interval '1 month') at time zone 'UTC');
  v_name text := 'business_unit_scans_' || to_char(p_month, 'YYYY_MM');
  -- While this migration builds the new table it has its own name; afterwards the function is
  -- redefined below for public.business_unit_scans.
  v_parent regclass := 'public.business_unit_scans_partitioned'::regclass;
begin
  if to_regclass('scan_partitions.' || v_name) is not null then
    return false;
  end if;
  -- Rows of that month that fell into the default partition move into it: built apart, filled,
  -- then attached (attaching checks that the default partition holds none of its rows any more).
  execute format('create table scan_partitions.%I (like %s including defaults including constraints)',
                 v_name, v_parent);
  -- The move is no new scan and no deleted one: the daily counts stay as they are.
  perform set_config('tagledger.moving_scans', 'on', true);
  execute format('with moved as (delete from scan_partitions.business_unit_scans_default
                   where scanned_at >= $1 and scanned_at < $2 returning *)
                  insert into scan_partitions.%I select * from moved', v_name)
    using v_from, v_to;
  perform set_config('tagledger.moving_scans', 'off', true);
  execute format('alter table %s attach partition scan_partitions.%I for values from (%L) to (%L)',
                 v_parent, v_name, v_from, v_to);
  return true;
end
$$;
revoke execute on function private.create_scan_partition(date) from public;

-- The partitions of the month of p_at and of the month after it, and of every month that has scans
-- waiting in the default partition (a restored backup's or a moved database's older months, or a
-- month the job missed); the job calls this daily. Returns how many it made.
create or replace function private.ensure_scan_partitions(p_at timestamptz default now()) returns int
language plpgsql security definer set search_path = ''
as $$
declare
  v_month date := (date_trunc('month', p_at at time zone 'UTC'))::date;
  v_waiting date;
  v_made int;
begin
  v_made := private.create_scan_partition(v_month)::int
          + private.create_scan_partition((v_month + interval '1 month')::date)::int;
  for v_waiting in
    select distinct (date_trunc('month', d.scanned_at at time zone 'UTC'))::date
      from scan_partitions.business_unit_scans_default d
  loop
    v_made := v_made + private.create_scan_partition(v_waiting)::int;
  end loop;
  return v_made;
end
$$;
revoke execute on function private.ensure_scan_partitions(timestamptz) from public;
grant execute on function private.ensure_scan_partitions(timestamptz) to service_role;

-- Every month the old table holds gets its partition, then the rows move.
do $$
declare
  v_month date;
begin
  for v_month in
    select distinct (date_trunc('month', s.scanned_at at time zone 'UTC'))::date from public.business_unit_scans s
  loop
    perform private.create_scan_partition(v_month);
  end loop;
  perform private.ensure_scan_partitions(now());
end
$$;

insert into public.business_unit_scans_partitioned
  (id, unit_id, product_id, business_id, serial, scanner_hash, scanned_at, gtin, ambiguous)
overriding system value
select id, unit_id, product_id, business_id, serial, scanner_hash, scanned_at, gtin, ambiguous
  from public.business_unit_scans;
select setval(pg_get_serial_sequence('public.business_unit_scans_partitioned', 'id'),
              coalesce((select max(id) from public.business_unit_scans), 0) + 1, false);

drop table public.business_unit_scans;
alter table public.business_unit_scans_partitioned rename to business_unit_scans;
alter sequence public.business_unit_scans_partitioned_id_seq rename to business_unit_scans_id_seq;

-- The same function, for the table under its own name.
create or replace function private.create_scan_partition(p_month date) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  v_from timestamptz := (date_trunc('month', p_month::timestamp) at time zone 'UTC');
  v_to timestamptz := ((date_trunc('month', p_month::timestamp) + interval '1 month') at time zone 'UTC');
  v_name text := 'business_unit_scans_' || to_char(p_month, 'YYYY_MM');
  v_parent regclass := 'public.business_unit_scans'::regclass;
begin
  if to_regclass('scan_partitions.' || v_name) is not null then
    return false;
  end if;
  -- Rows of that month that fell into the default partition move into it: built apart, filled,
  -- then attached (attaching checks that the default partition holds none of its rows any more).
  execute format('create table scan_partitions.%I (like %s including defaults including constraints)',
                 v_name, v_parent);
  -- The move is no new scan and no deleted one: the daily counts stay as they are.
  perform set_config('tagledger.moving_scans', 'on', true);
  execute format('with moved as (delete from scan_partitions.business_unit_scans_default
                   where scanned_at >= $1 and scanned_at < $2 returning *)
                  insert into scan_partitions.%I select * from moved', v_name)
    using v_from, v_to;
  perform set_config('tagledger.moving_scans', 'off', true);
  execute format('alter table %s attach partition scan_partitions.%I for values from (%L) to (%L)',
                 v_parent, v_name, v_from, v_to);
  return true;
end
$$;

-- A unique key of a partitioned table holds its partition key.
alter table public.business_unit_scans
  add constraint business_unit_scans_pkey primary key (id, scanned_at),
  add constraint business_unit_scans_unit_id_fkey foreign key (unit_id)
    references public.business_units (id) on delete cascade,
  add constraint business_unit_scans_product_id_fkey foreign key (product_id)
    references public.business_products (id) on delete cascade,
  add constraint business_unit_scans_business_id_fkey foreign key (business_id)
    references auth.users (id) on delete cascade,
  add constraint business_unit_scans_serial_check check (char_length(serial) <= 64),
  add constraint business_unit_scans_gtin_check check (gtin is null or gtin ~ '^[0-9]{14}$'),
  add constraint business_unit_scans_ambiguous_has_no_business
    check (not ambiguous or (unit_id is null and product_id is null and business_id is null));
create index business_unit_scans_unit_idx on public.business_unit_scans (unit_id, scanned_at);
create index business_unit_scans_business_idx on public.business_unit_scans (business_id, scanned_at);
create index business_unit_scans_product_idx on public.business_unit_scans (product_id, scanned_at);
create index business_unit_scans_recent_idx on public.business_unit_scans (scanned_at) where unit_id is not null;
create index business_unit_scans_shared_idx on public.business_unit_scans (serial, scanned_at) where ambiguous;

alter table public.business_unit_scans enable row level security;
-- scanner_hash is for counting inside the database only: no role reads it.
grant select (id, unit_id, product_id, business_id, serial, scanned_at, gtin, ambiguous)
  on public.business_unit_scans to authenticated, service_role;
create policy "Businesses read the scans of their own products" on public.business_unit_scans
  for select to authenticated using (business_id = auth.uid());
create policy "Moderators read every scan" on public.business_unit_scans
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Two-factor users need an aal2 session" on public.business_unit_scans
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- Retention: the months wholly older than p_months months before the month of p_at are detached
-- and dropped. Their scans are already counted in business_scan_days. Returns the dropped names.
create or replace function private.drop_old_scan_partitions(p_months int, p_at timestamptz default now())
returns setof text
language plpgsql security definer set search_path = ''
as $$
declare
  v_cutoff date := (date_trunc('month', p_at at time zone 'UTC') - make_interval(months => p_months))::date;
  v_name text;
begin
  if p_months is null or p_months < 1 then
    raise exception 'Keep at least one month of scans' using errcode = '22023';
  end if;
  for v_name in
    select c.relname from pg_catalog.pg_inherits i
      join pg_catalog.pg_class c on c.oid = i.inhrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where i.inhparent = 'public.business_unit_scans'::regclass and n.nspname = 'scan_partitions'
       and c.relname ~ '^business_unit_scans_[0-9]{4}_[0-9]{2}$'
       and to_date(right(c.relname, 7), 'YYYY_MM') < v_cutoff
     order by c.relname
  loop
    execute format('alter table public.business_unit_scans detach partition scan_partitions.%I', v_name);
    execute format('drop table scan_partitions.%I', v_name);
    return next v_name;
  end loop;
end
$$;
revoke execute on function private.drop_old_scan_partitions(int, timestamptz) from public;
grant execute on function private.drop_old_scan_partitions(int, timestamptz) to service_role;

-- Daily counts ---------------------------------------------------------------------------------

create table public.business_scan_days (
  business_id uuid not null references auth.users (id) on delete cascade,
  -- Null for scans of a GTIN the business holds but no product of it carries.
  product_id uuid references public.business_products (id) on delete cascade,
  day date not null,
  scans bigint not null default 0 check (scans >= 0),
  -- Of which of a serial never issued (no unit).
  unknown_serial_scans bigint not null default 0 check (unknown_serial_scans >= 0)
);
create unique index business_scan_days_key on public.business_scan_days (business_id, day, product_id) nulls not distinct;
create index business_scan_days_product_idx on public.business_scan_days (product_id);
alter table public.business_scan_days enable row level security;
grant select on public.business_scan_days to authenticated, service_role;
create policy "Businesses read the counts of their own scans" on public.business_scan_days
  for select to authenticated using (business_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.business_scan_days
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

insert into private.personal_data (table_name, column_name, names_user_with, section, not_exported_because, on_delete, kept_because) values
  ('public.business_scan_days', 'business_id', 'id', null,
   'Counts of the label scans the export carries one by one (section business_unit_scans).', 'cascade', null);

insert into public.business_scan_days (business_id, product_id, day, scans, unknown_serial_scans)
select s.business_id, s.product_id, (s.scanned_at at time zone 'UTC')::date, count(*), count(*) filter (where s.unit_id is null)
  from public.business_unit_scans s
 where s.business_id is not null
 group by 1, 2, 3;

create or replace function private.count_scan() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('tagledger.moving_scans', true) = 'on' then
    return null;
  end if;
  if new.business_id is not null then
    insert into public.business_scan_days as d (business_id, product_id, day, scans, unknown_serial_scans)
    values (new.business_id, new.product_id, (new.scanned_at at time zone 'UTC')::date, 1, (new.unit_id is null)::int)
    on conflict (business_id, day, product_id) do update
      set scans = d.scans + 1, unknown_serial_scans = d.unknown_serial_scans + excluded.unknown_serial_scans;
  end if;
  return null;
end
$$;
revoke execute on function private.count_scan() from public;
create trigger business_unit_scans_count after insert on public.business_unit_scans
  for each row execute function private.count_scan();

-- Deletes are taken back once a statement, grouped: deleting a unit, a product or a whole account
-- removes many scans in one statement.
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
  return null;
end
$$;
revoke execute on function private.uncount_scans() from public;
create trigger business_unit_scans_uncount after delete on public.business_unit_scans
  referencing old table as gone for each statement execute function private.uncount_scans();

-- The brand's analytics: totals, days and products from the daily counts (UTC days); the lists of
-- single units (top units, flagged, shared serials) still read the scans of the period.
create or replace function public.my_business_scan_analytics(p_days int default 30) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since timestamptz;
  v_first_day date;
  v_today date := (now() at time zone 'UTC')::date;
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
           where s.business_id = v_uid and s.unit_id is null and s.scanned_at >= v_since
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
