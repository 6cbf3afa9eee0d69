-- A restore loads rows with triggers off (session_replication_role = replica), so the unit counts
-- of 20261127001800 arrive as the archive holds them: 0 for an archive made before that migration,
-- and whatever an edited-then-re-signed archive says. The restore recounts every product from its
-- units before it commits (apps/server/src/operations/backup.ts); the counts are then the units'
-- own whatever the archive said. Products without units are set to 0 as well.
create or replace function private.recount_business_units() returns void
language sql security definer set search_path = ''
as $$
  update public.business_products p
     set unit_count = coalesce(c.total, 0), active_units = coalesce(c.active, 0),
         sold_units = coalesce(c.sold, 0), recalled_units = coalesce(c.recalled, 0),
         counterfeit_units = coalesce(c.counterfeit, 0)
    from public.business_products q
    left join (select u.product_id, count(*) as total,
                      count(*) filter (where u.status = 'active') as active,
                      count(*) filter (where u.status = 'sold') as sold,
                      count(*) filter (where u.status = 'recalled') as recalled,
                      count(*) filter (where u.status = 'counterfeit') as counterfeit
                 from public.business_units u group by u.product_id) c on c.product_id = q.id
   where p.id = q.id
     and (p.unit_count, p.active_units, p.sold_units, p.recalled_units, p.counterfeit_units)
         is distinct from (coalesce(c.total, 0), coalesce(c.active, 0), coalesce(c.sold, 0),
                           coalesce(c.recalled, 0), coalesce(c.counterfeit, 0));
$$;
revoke execute on function private.recount_business_units() from public;
