-- Issue 33, "a brand with ten million serials": the product page counted a product's units with an
-- exact count over them (10⁷ index entries a view), and the business overview grouped every unit
-- of the business by status. Each product now carries its counts, kept as units arrive, leave,
-- change status or move, by statement-level triggers that read the statement's transition tables:
-- a 10⁶-unit insert…select or a 2,000-row import batch pays one update per product it touched,
-- not one per row (decision 0171).

-- The counts by status, and their total. Written only by the triggers below: authenticated users
-- hold column grants for what they may insert or update on business_products (name, gtin, …), and
-- these columns get none, so a user's write to them is refused (42501); they read them wherever
-- RLS lets them read the product.
alter table public.business_products
  add column unit_count bigint not null default 0,
  add column active_units bigint not null default 0,
  add column sold_units bigint not null default 0,
  add column recalled_units bigint not null default 0,
  add column counterfeit_units bigint not null default 0;

-- Adds deltas to one product's counts. A delta, not a recount: the update itself row-locks the
-- product, so two imports into the same product wait for each other's update and both deltas land.
create or replace function private.add_unit_counts(
  p_product_id uuid, p_active bigint, p_sold bigint, p_recalled bigint, p_counterfeit bigint
) returns void
language sql security definer set search_path = ''
as $$
  update public.business_products p
     set unit_count = p.unit_count + p_active + p_sold + p_recalled + p_counterfeit,
         active_units = p.active_units + p_active,
         sold_units = p.sold_units + p_sold,
         recalled_units = p.recalled_units + p_recalled,
         counterfeit_units = p.counterfeit_units + p_counterfeit
   where p.id = p_product_id;
$$;
revoke execute on function private.add_unit_counts(uuid, bigint, bigint, bigint, bigint) from public;

-- One function for the three triggers (a trigger with transition tables has one event, and the
-- insert trigger has no old rows): +1 per new row, -1 per old row, summed per product and status.
-- Products are updated in id order, so two statements that touch the same products lock them in
-- the same order and cannot deadlock on them. A product deleted by the statement that cascaded to
-- its units is already gone: its update finds no row.
create or replace function private.count_units() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
begin
  if tg_op = 'INSERT' then
    for r in
      select c.product_id,
             count(*) filter (where c.status = 'active') as active,
             count(*) filter (where c.status = 'sold') as sold,
             count(*) filter (where c.status = 'recalled') as recalled,
             count(*) filter (where c.status = 'counterfeit') as counterfeit
        from came c group by c.product_id order by c.product_id
    loop
      perform private.add_unit_counts(r.product_id, r.active, r.sold, r.recalled, r.counterfeit);
    end loop;
  elsif tg_op = 'DELETE' then
    for r in
      select g.product_id,
             count(*) filter (where g.status = 'active') as active,
             count(*) filter (where g.status = 'sold') as sold,
             count(*) filter (where g.status = 'recalled') as recalled,
             count(*) filter (where g.status = 'counterfeit') as counterfeit
        from gone g group by g.product_id order by g.product_id
    loop
      perform private.add_unit_counts(r.product_id, -r.active, -r.sold, -r.recalled, -r.counterfeit);
    end loop;
  else
    -- An update: only the rows whose product or status changed count; the rest cancel out.
    for r in
      select x.* from (
        select d.product_id,
               coalesce(sum(d.n) filter (where d.status = 'active'), 0) as active,
               coalesce(sum(d.n) filter (where d.status = 'sold'), 0) as sold,
               coalesce(sum(d.n) filter (where d.status = 'recalled'), 0) as recalled,
               coalesce(sum(d.n) filter (where d.status = 'counterfeit'), 0) as counterfeit
          from (select c.product_id, c.status, 1 as n from came c
                union all
                select g.product_id, g.status, -1 as n from gone g) d
         group by d.product_id) x
       where x.active <> 0 or x.sold <> 0 or x.recalled <> 0 or x.counterfeit <> 0
       order by x.product_id
    loop
      perform private.add_unit_counts(r.product_id, r.active, r.sold, r.recalled, r.counterfeit);
    end loop;
  end if;
  return null;
end
$$;
revoke execute on function private.count_units() from public;

create trigger business_units_count_new after insert on public.business_units
  referencing new table as came for each statement execute function private.count_units();
create trigger business_units_count_gone after delete on public.business_units
  referencing old table as gone for each statement execute function private.count_units();
create trigger business_units_count_changed after update on public.business_units
  referencing old table as gone new table as came for each statement execute function private.count_units();

-- The units already there.
update public.business_products p
   set unit_count = c.total, active_units = c.active, sold_units = c.sold,
       recalled_units = c.recalled, counterfeit_units = c.counterfeit
  from (select u.product_id, count(*) as total,
               count(*) filter (where u.status = 'active') as active,
               count(*) filter (where u.status = 'sold') as sold,
               count(*) filter (where u.status = 'recalled') as recalled,
               count(*) filter (where u.status = 'counterfeit') as counterfeit
          from public.business_units u group by u.product_id) c
 where p.id = c.product_id;

-- The overview reads the products' counts: its figures cost one row per product of the business,
-- not one per unit. Otherwise as before (20261127000310).
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
      'scans_30d', (select count(*) from public.business_unit_scans sc
                     where sc.business_id = v_uid and sc.scanned_at >= now() - interval '30 days'),
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
