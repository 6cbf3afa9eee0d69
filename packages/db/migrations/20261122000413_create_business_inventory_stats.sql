-- Totals for the business dashboard, computed in SQL rather than by loading every row.
-- security invoker: RLS limits it to the caller's own assets.
create or replace function public.my_business_inventory_stats() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'products', count(*),
    'units', coalesce(sum(a.quantity), 0),
    'with_serial', count(*) filter (where a.serial_normalized is not null),
    'flagged', count(*) filter (where a.status <> 'active'),
    'public', count(*) filter (where a.privacy = 'public')
  )
  from public.assets a
  where a.kind = 'business' and a.owner_id = auth.uid()
$$;
revoke execute on function public.my_business_inventory_stats() from public;
grant execute on function public.my_business_inventory_stats() to authenticated;
