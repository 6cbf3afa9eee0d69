-- The recalls moderators stand behind (issue 30, review): every product a moderator recalled and no
-- moderator has ended, newest first, with its brand and the reason given, so that a moderator can
-- end one (moderator_set_product_status … 'active', migration 20261127001201) from the Moderator
-- Panel. Read like the queues: moderators and admins only, aal2 for two-factor users.
create index business_products_moderator_recall_idx on public.business_products (moderator_recall_at desc)
  where moderator_recall_at is not null;

create or replace function public.moderator_recalls(p_limit integer default 20, p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  return jsonb_build_object(
    'total', (select count(*) from public.business_products p where p.moderator_recall_at is not null),
    'items', coalesce((
      select jsonb_agg(x.item order by x.at desc, x.id)
        from (select p.id, p.moderator_recall_at as at,
                     jsonb_build_object('product_id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku,
                                        'brand', coalesce(b.brand_name, 'Unnamed brand'),
                                        'recalled_at', p.moderator_recall_at, 'reason', p.moderator_recall_reason) as item
                from public.business_products p
                left join public.business_profiles b on b.business_id = p.business_id
               where p.moderator_recall_at is not null
               order by p.moderator_recall_at desc, p.id
               limit least(greatest(coalesce(p_limit, 20), 1), 100)
              offset greatest(coalesce(p_offset, 0), 0)) x), '[]'::jsonb));
end
$$;
revoke execute on function public.moderator_recalls(integer, integer) from public;
grant execute on function public.moderator_recalls(integer, integer) to authenticated;
