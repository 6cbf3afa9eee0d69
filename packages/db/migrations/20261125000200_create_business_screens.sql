-- What the business screens need on top of the catalogue (issue 14, decision 0101): a brand logo,
-- product images and attributes, GTINs with a correct check digit, units added as a numbered range,
-- and the scan analytics a business reads about its own products only.

-- GS1 check digit: weights 3 and 1 alternate from the right of the body; the last digit makes the
-- weighted sum a multiple of ten. Works for GTIN-8, -12, -13 and -14 alike.
create or replace function private.gtin_check_digit_ok(p_gtin text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_gtin ~ '^[0-9]{8}$|^[0-9]{12,14}$' and (
    select (10 - sum(substr(p_gtin, i, 1)::int * case when (char_length(p_gtin) - i) % 2 = 1 then 3 else 1 end) % 10) % 10
      from generate_series(1, char_length(p_gtin) - 1) as i
  ) = right(p_gtin, 1)::int
$$;
revoke execute on function private.gtin_check_digit_ok(text) from public;
grant execute on function private.gtin_check_digit_ok(text) to authenticated, service_role;

-- Stored media paths must lie in the owner's folder of the business-media bucket, so that a
-- business cannot show another brand's files as its own.
create or replace function private.paths_in_folder(p_paths text[], p_owner uuid) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(path ~ ('^' || p_owner::text || '/[A-Za-z0-9._-]{1,120}$')), true)
    from unnest(p_paths) as path
$$;
revoke execute on function private.paths_in_folder(text[], uuid) from public;
grant execute on function private.paths_in_folder(text[], uuid) to authenticated, service_role;

-- Not valid: rows entered before the check stay, every new or changed GTIN is checked.
alter table public.business_products
  add constraint business_products_gtin_check_digit check (gtin is null or private.gtin_check_digit_ok(gtin)) not valid;

-- Images are paths in the business-media bucket under the business's own folder; attributes are
-- short name/value pairs shown on the product page.
alter table public.business_products
  add column image_paths text[] not null default '{}'
    check (cardinality(image_paths) <= 8),
  add column attributes jsonb not null default '{}'::jsonb
    check (jsonb_typeof(attributes) = 'object' and octet_length(attributes::text) <= 4000);
alter table public.business_products
  add constraint business_products_images_own_folder check (
    private.paths_in_folder(image_paths, business_id));

grant insert (image_paths, attributes) on public.business_products to authenticated;
grant update (image_paths, attributes) on public.business_products to authenticated;

alter table public.business_profiles
  add column logo_path text;
alter table public.business_profiles
  add constraint business_profiles_logo_own_folder check (
    logo_path is null or private.paths_in_folder(array[logo_path], business_id));
grant insert (logo_path) on public.business_profiles to authenticated;
grant update (logo_path) on public.business_profiles to authenticated;

-- Brand media (logo, product images) are shown on public scan pages, so the bucket is public; the
-- storage server enforces the types and size from this row: JPEG, PNG or WebP images, 2 MB.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('business-media', 'business-media', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "Businesses see their own media" on storage.objects
  for select to authenticated
  using (bucket_id = 'business-media' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Businesses upload media into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'business-media' and (storage.foldername(name))[1] = auth.uid()::text
    and private.is_business());
create policy "Businesses replace media in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'business-media' and (storage.foldername(name))[1] = auth.uid()::text and private.is_business())
  with check (bucket_id = 'business-media' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Businesses delete media in their own folder" on storage.objects
  for delete to authenticated
  using (bucket_id = 'business-media' and (storage.foldername(name))[1] = auth.uid()::text);

-- Per-product scan counts read the scans by product and time.
create index business_unit_scans_product_idx on public.business_unit_scans (product_id, scanned_at);

-- Adds units <prefix><number> for count consecutive numbers, zero-padded to p_width digits
-- (SN-0001 … SN-1000). Security invoker: the catalogue's RLS decides (own product, business
-- account, aal2). Serials the business already has are skipped, so a range can be re-run.
create or replace function public.business_add_unit_range(
  p_product_id uuid, p_prefix text, p_start int, p_count int, p_width int default 4
) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_inserted int;
  v_last text;
begin
  if p_prefix is null or p_prefix !~ '^[A-Za-z0-9._-]{0,40}$' then
    raise exception 'The prefix may hold up to 40 letters, digits, dots, dashes or underscores' using errcode = '22023';
  end if;
  if p_start is null or p_start < 0 or p_start > 999999999 then
    raise exception 'The first number must be between 0 and 999999999' using errcode = '22023';
  end if;
  if p_count is null or p_count < 1 or p_count > 10000 then
    raise exception 'A range holds 1 to 10000 units; import a CSV for more' using errcode = '22023';
  end if;
  if p_width is null or p_width < 1 or p_width > 10 then
    raise exception 'Numbers are padded to 1 to 10 digits' using errcode = '22023';
  end if;
  if p_start::bigint + p_count - 1 >= power(10, p_width)::bigint then
    raise exception 'The last number does not fit in % digits', p_width using errcode = '22023';
  end if;
  if not exists (select 1 from public.business_products p where p.id = p_product_id) then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  with ins as (
    insert into public.business_units (business_id, product_id, serial)
    select auth.uid(), p_product_id, p_prefix || lpad(n::text, p_width, '0')
      from generate_series(p_start::bigint, p_start::bigint + p_count - 1) as n
    on conflict (business_id, serial) do nothing
    returning 1
  )
  select count(*) into v_inserted from ins;
  v_last := p_prefix || lpad((p_start::bigint + p_count - 1)::text, p_width, '0');
  return jsonb_build_object('inserted', v_inserted, 'skipped', p_count - v_inserted,
    'first', p_prefix || lpad(p_start::text, p_width, '0'), 'last', v_last);
end
$$;
revoke execute on function public.business_add_unit_range(uuid, text, int, int, int) from public;
grant execute on function public.business_add_unit_range(uuid, text, int, int, int) to authenticated;

-- The business's scan analytics over the last p_days days: scans per day, per product, the most
-- scanned units, and the flagged ones (more than 10 scans in 24 hours, or serials never issued).
-- Security definer so that moderators' wider read policies do not leak in: it reads only rows
-- whose business is the caller.
create or replace function public.my_business_scan_analytics(p_days int default 30) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_since timestamptz;
begin
  perform private.require_aal_satisfied();
  -- Anyone signed in may ask; the answer only ever counts scans of the caller's own products.
  if v_uid is null then
    raise exception 'Sign in to see scan analytics' using errcode = '42501';
  end if;
  if p_days is null or p_days < 1 or p_days > 365 then
    raise exception 'Choose 1 to 365 days' using errcode = '22023';
  end if;
  v_since := date_trunc('day', now()) - make_interval(days => p_days - 1);
  return jsonb_build_object(
    'days', p_days,
    'total', (select count(*) from public.business_unit_scans s where s.business_id = v_uid and s.scanned_at >= v_since),
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', d.day::date, 'count', coalesce(c.n, 0)) order by d.day)
        from generate_series(v_since, date_trunc('day', now()), interval '1 day') as d(day)
        left join (select date_trunc('day', s.scanned_at) as day, count(*) as n from public.business_unit_scans s
                    where s.business_id = v_uid and s.scanned_at >= v_since group by 1) c on c.day = d.day), '[]'::jsonb),
    'products', coalesce((
      select jsonb_agg(jsonb_build_object('product_id', x.product_id, 'name', x.name, 'gtin', x.gtin, 'count', x.n)
               order by x.n desc, x.name)
        from (select p.id as product_id, p.name, p.gtin, count(*) as n from public.business_unit_scans s
                join public.business_products p on p.id = s.product_id
               where s.business_id = v_uid and s.scanned_at >= v_since group by p.id) x), '[]'::jsonb),
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
                   'status', u.status, 'count', count(*)) as f
            from public.business_unit_scans s
            join public.business_units u on u.id = s.unit_id
            join public.business_products p on p.id = u.product_id
           where s.business_id = v_uid and s.scanned_at > now() - interval '24 hours'
           group by u.id, p.name having count(*) > 10
          union all
          select jsonb_build_object('reason', 'never_issued', 'unit_id', null, 'serial', s.serial, 'product', p.name,
                   'status', null, 'count', count(*))
            from public.business_unit_scans s
            left join public.business_products p on p.id = s.product_id
           where s.business_id = v_uid and s.unit_id is null and s.scanned_at >= v_since
           group by s.serial, p.name
        ) flagged_rows(f)), '[]'::jsonb)
  );
end
$$;
revoke execute on function public.my_business_scan_analytics(int) from public;
grant execute on function public.my_business_scan_analytics(int) to authenticated;

-- The scan page shows the brand's logo and the product's first image (public bucket paths).
create or replace function private.scan_brand(p_business_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('name', coalesce(b.brand_name, 'Unnamed brand'), 'website', b.website,
    'support_contact', b.support_contact, 'logo_path', b.logo_path,
    'verified', coalesce(p.is_business_user, false))
  from (select p_business_id as id) x
  left join public.business_profiles b on b.business_id = x.id
  left join public.user_profiles p on p.id = x.id
$$;
revoke execute on function private.scan_brand(uuid) from public;

create or replace function private.scan_product(p_product public.business_products) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('name', p_product.name, 'gtin', p_product.gtin, 'sku', p_product.sku,
    'description', p_product.description, 'status', p_product.status,
    'image_path', p_product.image_paths[1], 'attributes', p_product.attributes)
$$;
revoke execute on function private.scan_product(public.business_products) from public;

create or replace function private.record_unit_scan(p_gtin text, p_serial text, p_ip text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_unit public.business_units;
  v_product public.business_products;
  v_matches int;
  v_salt text;
  v_first timestamptz;
  v_count bigint;
begin
  if p_serial is null or p_serial !~ '^[A-Za-z0-9._-]{1,64}$' then
    raise exception 'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)'
      using errcode = '22023';
  end if;
  if p_gtin is not null and p_gtin !~ '^[0-9]{8}$|^[0-9]{12,14}$' then
    raise exception 'A GTIN has 8, 12, 13 or 14 digits' using errcode = '22023';
  end if;

  if p_gtin is not null then
    select p.* into v_product from public.business_products p where p.gtin = p_gtin
      order by p.created_at limit 1;
    if found then
      select u.* into v_unit from public.business_units u
        where u.product_id = v_product.id and u.serial = p_serial;
    end if;
  else
    select count(*) into v_matches from public.business_units u where u.serial = p_serial;
    if v_matches > 1 then
      return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', true, 'warnings', '[]'::jsonb);
    end if;
    select u.* into v_unit from public.business_units u where u.serial = p_serial;
    if found then
      select p.* into v_product from public.business_products p where p.id = v_unit.product_id;
    end if;
  end if;

  if v_unit.id is null and v_product.id is null then
    return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', false,
      'warnings', jsonb_build_array('never_issued'), 'brand', null, 'product', null);
  end if;

  insert into private.scan_salts (day) values (current_date) on conflict (day) do nothing;
  delete from private.scan_salts where day < current_date - 1;
  select s.salt into v_salt from private.scan_salts s where s.day = current_date;
  insert into public.business_unit_scans (unit_id, product_id, business_id, serial, scanner_hash)
  values (v_unit.id, v_product.id, v_product.business_id, p_serial,
          encode(sha256(convert_to(v_salt || '|' || coalesce(p_ip, ''), 'UTF8')), 'hex'));

  if v_unit.id is null then
    return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', false,
      'warnings', jsonb_build_array('never_issued'),
      'brand', private.scan_brand(v_product.business_id),
      'product', private.scan_product(v_product));
  end if;

  select min(s.scanned_at), count(*) into v_first, v_count
    from public.business_unit_scans s where s.unit_id = v_unit.id;
  return jsonb_build_object('serial', p_serial, 'found', true, 'ambiguous', false,
    'warnings', to_jsonb(private.scan_warnings(v_unit.id)),
    'brand', private.scan_brand(v_product.business_id),
    'product', private.scan_product(v_product),
    'unit', jsonb_build_object('status', v_unit.status, 'first_scan_at', v_first, 'scan_count', v_count));
end
$$;
revoke execute on function private.record_unit_scan(text, text, text) from public;
grant execute on function private.record_unit_scan(text, text, text) to service_role;
