-- The public side of a business's catalogue (issue 14): the brand profile shown on scan pages, and
-- the scans of unit labels with the signals that suggest a copy. A scan keeps no IP address: the
-- server passes the caller's IP to private.record_unit_scan, which keeps only a hash of it salted
-- with a random value of the day, so that distinct scanners can be counted within a day but not
-- followed across days (the salts of past days are deleted).

create table public.business_profiles (
  business_id uuid primary key references auth.users (id) on delete cascade,
  brand_name text not null check (char_length(btrim(brand_name)) between 1 and 120),
  website text check (website is null or (website ~ '^https://[^\s]+$' and char_length(website) <= 300)),
  support_contact text check (support_contact is null or char_length(btrim(support_contact)) between 1 and 300),
  updated_at timestamptz not null default now()
);
alter table public.business_profiles enable row level security;
grant select on public.business_profiles to authenticated, service_role;
grant insert (business_id, brand_name, website, support_contact) on public.business_profiles to authenticated;
grant update (brand_name, website, support_contact) on public.business_profiles to authenticated;
grant insert, update, delete on public.business_profiles to service_role;

create policy "Businesses read their own profile" on public.business_profiles
  for select to authenticated using (business_id = auth.uid());
create policy "Moderators read every business profile" on public.business_profiles
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Businesses create their own profile" on public.business_profiles
  for insert to authenticated with check (business_id = auth.uid() and private.is_business());
create policy "Businesses edit their own profile" on public.business_profiles
  for update to authenticated using (business_id = auth.uid() and private.is_business())
  with check (business_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.business_profiles
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- One random salt per day. Only record_unit_scan reads it; days before yesterday are deleted.
create table private.scan_salts (
  day date primary key,
  salt text not null default gen_random_uuid()::text
);
revoke all on private.scan_salts from public;

create table public.business_unit_scans (
  id bigint generated always as identity primary key,
  -- Null when the serial was never issued: such scans are kept, against the product when the GTIN
  -- is known, because they are the clearest sign of a copy.
  unit_id uuid references public.business_units (id) on delete cascade,
  product_id uuid references public.business_products (id) on delete cascade,
  business_id uuid references auth.users (id) on delete cascade,
  serial text not null check (char_length(serial) <= 64),
  scanner_hash text not null,
  scanned_at timestamptz not null default now()
);
create index business_unit_scans_unit_idx on public.business_unit_scans (unit_id, scanned_at);
create index business_unit_scans_business_idx on public.business_unit_scans (business_id, scanned_at);
alter table public.business_unit_scans enable row level security;
-- scanner_hash is for counting inside the database only: no role reads it.
grant select (id, unit_id, product_id, business_id, serial, scanned_at) on public.business_unit_scans
  to authenticated, service_role;

create policy "Businesses read the scans of their own products" on public.business_unit_scans
  for select to authenticated using (business_id = auth.uid());
create policy "Moderators read every scan" on public.business_unit_scans
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Two-factor users need an aal2 session" on public.business_unit_scans
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- The signals of a copy, as the scan page and the moderators' queue count them.
create or replace function private.scan_warnings(p_unit_id uuid) returns text[]
language sql stable security definer set search_path = ''
as $$
  select array_remove(array[
    -- More than 10 scans of one label in 24 hours: a genuine item is rarely checked that often.
    case when (select count(*) from public.business_unit_scans s
                where s.unit_id = p_unit_id and s.scanned_at > now() - interval '24 hours') > 10
         then 'many_scans' end,
    -- Scanned from 5 or more different networks in 24 hours (the daily salt may count one network
    -- twice across midnight, which errs towards a warning a moderator then looks at).
    case when (select count(distinct s.scanner_hash) from public.business_unit_scans s
                where s.unit_id = p_unit_id and s.scanned_at > now() - interval '24 hours') >= 5
         then 'many_places' end
  ], null)
$$;
revoke execute on function private.scan_warnings(uuid) from public;

-- Records one scan of a label and returns what its scan page shows: brand and badge, product,
-- unit status, first scan date, scan count and warnings — no personal data. Called by the server's
-- scan-unit function only (service_role), which passes the caller's IP; the IP itself is never stored.
-- With no GTIN (the /verify/{serial} form) a serial issued by more than one business is ambiguous,
-- and the answer says so without recording a scan.
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

  -- A serial that matches no unit and no product is nobody's evidence: nothing is stored.
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
      'product', jsonb_build_object('name', v_product.name, 'gtin', v_product.gtin));
  end if;

  select min(s.scanned_at), count(*) into v_first, v_count
    from public.business_unit_scans s where s.unit_id = v_unit.id;
  return jsonb_build_object('serial', p_serial, 'found', true, 'ambiguous', false,
    'warnings', to_jsonb(private.scan_warnings(v_unit.id)),
    'brand', private.scan_brand(v_product.business_id),
    'product', jsonb_build_object('name', v_product.name, 'gtin', v_product.gtin, 'sku', v_product.sku,
      'description', v_product.description, 'status', v_product.status),
    'unit', jsonb_build_object('status', v_unit.status, 'first_scan_at', v_first, 'scan_count', v_count));
end
$$;

-- The brand as a scan page shows it: the verified badge is the business flag an admin grants.
create or replace function private.scan_brand(p_business_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('name', coalesce(b.brand_name, 'Unnamed brand'), 'website', b.website,
    'support_contact', b.support_contact, 'verified', coalesce(p.is_business_user, false))
  from (select p_business_id as id) x
  left join public.business_profiles b on b.business_id = x.id
  left join public.user_profiles p on p.id = x.id
$$;

revoke execute on function private.scan_brand(uuid) from public;
revoke execute on function private.record_unit_scan(text, text, text) from public;
grant execute on function private.record_unit_scan(text, text, text) to service_role;
