-- Issue 33 (decision 0172): the administrators' GS1 prefix review (admin_gs1_prefixes, up to 200
-- declarations) counted, for each declaration, other businesses' GTINs under the prefix with
-- `gtin like '_' || prefix || '%'`, which no index serves: one pass over every product of every
-- business per declaration shown. The GTIN after its first digit (GTINs are 14 digits, prefixes
-- 4-12 digits from the second) is now indexed in byte order, and the count reads the range
-- [prefix, prefix || ':') of it (':' follows '9'): only the products under the prefix. The
-- business's own products under the prefix are still counted from its own products (by
-- business_products_business_created_idx). Otherwise as before (20261127000201).
create index business_products_gtin_after_indicator_idx on public.business_products
  ((substr(gtin, 2) collate "C")) where gtin is not null;

create or replace function public.admin_gs1_prefixes(p_status text default 'pending') returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_status is not null and p_status not in ('pending', 'verified', 'rejected') then
    raise exception 'Unknown status' using errcode = '22023';
  end if;
  return coalesce((
    select jsonb_agg(x.item order by x.created_at desc, x.id)
      from (
        select g.id, g.created_at, jsonb_build_object(
          'id', g.id, 'business_id', g.business_id, 'email', u.email,
          'brand_name', b.brand_name, 'verified_business', coalesce(u.is_business_user, false),
          'prefix', g.prefix, 'kind', g.kind, 'reference', g.reference, 'status', g.status,
          'created_at', g.created_at, 'decided_at', g.decided_at, 'evidence', g.evidence,
          'decided_by', d.email,
          'overlaps', coalesce((
            select jsonb_agg(jsonb_build_object('prefix', o.prefix, 'status', o.status,
                     'brand_name', ob.brand_name, 'email', ou.email) order by o.status desc, o.created_at)
              from public.business_gs1_prefixes o
              left join public.business_profiles ob on ob.business_id = o.business_id
              left join public.user_profiles ou on ou.id = o.business_id
             where o.business_id <> g.business_id and o.status <> 'rejected'
               and (left(o.prefix, char_length(g.prefix)) = g.prefix or left(g.prefix, char_length(o.prefix)) = o.prefix)),
            '[]'::jsonb),
          'gtins_of_others', (
            select count(*) from public.business_products p
             where p.gtin is not null and p.business_id <> g.business_id
               and substr(p.gtin, 2) collate "C" >= g.prefix and substr(p.gtin, 2) collate "C" < g.prefix || ':'),
          'own_products', (
            select count(*) from public.business_products p
             where p.business_id = g.business_id
               and coalesce(p.gtin, case when p.gtin_released_reason <> 'check_digit' then p.released_gtin end)
                   like '_' || g.prefix || '%')) as item
          from public.business_gs1_prefixes g
          left join public.user_profiles u on u.id = g.business_id
          left join public.business_profiles b on b.business_id = g.business_id
          left join public.user_profiles d on d.id = g.decided_by
         where p_status is null or g.status = p_status
         order by g.created_at desc, g.id
         limit 200) x), '[]'::jsonb);
end
$$;
revoke execute on function public.admin_gs1_prefixes(text) from public;
grant execute on function public.admin_gs1_prefixes(text) to authenticated;
