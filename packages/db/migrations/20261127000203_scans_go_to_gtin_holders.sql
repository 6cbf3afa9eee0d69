-- Scans after GS1 prefixes (issues 27 and 28, decision 0140):
-- - A label with a GTIN resolves to the business that holds the GTIN (private.gtin_holder, a
--   verified prefix), never to whoever registered the number first; its scans are recorded for that
--   business only. A GTIN nobody holds here is said to be unknown (not "a copy"), and nothing is
--   recorded. A GTIN with a wrong check digit is refused before anything is looked up.
-- - The GTIN is compared in its 14-digit form, and a serial read from a GS1 Digital Link may use
--   any character GS1 allows in a serial (the 82-character set), up to 64.
-- - A serial without a GTIN (/verify/{serial}) that several businesses' live units carry shows
--   every candidate brand, verified first (a unit under a verified GTIN, then a business with the
--   badge, then the others); the scan is recorded as ambiguous (for no business,
--   since nobody can tell whose label it was) and flags each candidate unit for the moderators.
-- - "Scanned too often" (many_scans) counts distinct scanners — the salted per-day address hash —
--   not requests (issue 27, item 9), so one phone reloading a page cannot make a genuine unit
--   look suspicious.
--
-- Redefined here: private.scan_warnings, private.flagged_units (one more column, so dropped and
-- created), private.record_unit_scan, public.my_business_scan_analytics, public.moderator_queue
-- (products and flagged items say whether the GTIN is verified and which other brands share a
-- serial) and private.submit_moderation_report (the same GTIN rules as the scan page).

alter table public.business_unit_scans
  add column gtin text check (gtin is null or gtin ~ '^[0-9]{14}$'),
  add column ambiguous boolean not null default false,
  add constraint business_unit_scans_ambiguous_has_no_business
    check (not ambiguous or (unit_id is null and product_id is null and business_id is null));
grant select (gtin, ambiguous) on public.business_unit_scans to authenticated, service_role;
-- Shared serials scanned lately: the flagged queue and the analytics look them up by serial.
create index business_unit_scans_shared_idx on public.business_unit_scans (serial, scanned_at) where ambiguous;

-- The scanner hash of this request: the address hashed with the day's random salt (days before
-- yesterday are deleted, so a scanner can be counted within a day but not followed across days).
create or replace function private.scanner_hash(p_ip text) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_salt text;
begin
  insert into private.scan_salts (day) values (current_date) on conflict (day) do nothing;
  delete from private.scan_salts where day < current_date - 1;
  select s.salt into v_salt from private.scan_salts s where s.day = current_date;
  return encode(sha256(convert_to(v_salt || '|' || coalesce(p_ip, ''), 'UTF8')), 'hex');
end
$$;
revoke execute on function private.scanner_hash(text) from public;

-- More than 10 distinct scanners in 24 hours: many_scans; 5 to 10: many_places. One warning, the
-- stronger, never both.
create or replace function private.scan_warnings(p_unit_id uuid) returns text[]
language sql stable security definer set search_path = ''
as $$
  select case when n > 10 then array['many_scans'] when n >= 5 then array['many_places'] else array[]::text[] end
    from (select count(distinct s.scanner_hash) as n from public.business_unit_scans s
           where s.unit_id = p_unit_id and s.scanned_at > now() - interval '24 hours') c
$$;
revoke execute on function private.scan_warnings(uuid) from public;

-- One candidate of a shared serial, as the scan page lists it.
create or replace function private.scan_candidate(p_unit public.business_units, p_product public.business_products)
returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('brand', private.scan_brand(p_product.business_id),
    'product', jsonb_build_object('name', p_product.name, 'gtin', p_product.gtin, 'status', p_product.status,
      'image_path', p_product.image_paths[1]),
    'unit', jsonb_build_object('status', p_unit.status))
$$;
revoke execute on function private.scan_candidate(public.business_units, public.business_products) from public;

create or replace function private.record_unit_scan(p_gtin text, p_serial text, p_ip text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_gtin text;
  v_holder uuid;
  v_unit public.business_units;
  v_product public.business_products;
  v_matches int;
  v_first timestamptz;
  v_count bigint;
begin
  -- The barcode number first: a wrong check digit is a misread or an invented number, not a copy.
  if p_gtin is not null then
    v_gtin := private.gtin14(p_gtin);
    if v_gtin is null or not private.gtin_check_digit_ok(v_gtin) then
      raise exception 'This is not a valid barcode number (GTIN)' using errcode = '22023', hint = 'invalid_gtin';
    end if;
    if p_serial is null or p_serial !~ '^[A-Za-z0-9!"%&''()*+,./:;<=>?_-]{1,64}$' then
      raise exception 'A serial number has 1 to 64 letters, digits or the symbols GS1 allows in one'
        using errcode = '22023';
    end if;
  elsif p_serial is null or p_serial !~ '^[A-Za-z0-9._-]{1,64}$' then
    raise exception 'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)'
      using errcode = '22023';
  end if;

  if v_gtin is not null then
    v_holder := private.gtin_holder(v_gtin);
    if v_holder is null then
      return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', false, 'unknown_gtin', true,
        'gtin', v_gtin, 'warnings', '[]'::jsonb, 'brand', null, 'product', null);
    end if;
    select p.* into v_product from public.business_products p where p.gtin = v_gtin and p.business_id = v_holder;
    if found then
      select u.* into v_unit from public.business_units u where u.product_id = v_product.id and u.serial = p_serial;
    end if;
    insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash)
    values (v_unit.id, v_product.id, v_holder, p_serial, v_gtin, private.scanner_hash(p_ip));
    if v_unit.id is null then
      return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', false,
        'warnings', jsonb_build_array('never_issued'),
        'brand', private.scan_brand(v_holder),
        'product', case when v_product.id is not null then private.scan_product(v_product) end);
    end if;
  else
    select count(*) into v_matches
      from public.business_units u join public.business_products p on p.id = u.product_id
     where u.serial = p_serial and private.product_is_live(p);
    if v_matches = 0 then
      -- A serial that matches no live unit is nobody's evidence: nothing is stored.
      return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', false,
        'warnings', jsonb_build_array('never_issued'), 'brand', null, 'product', null);
    end if;
    if v_matches > 1 then
      insert into public.business_unit_scans (serial, scanner_hash, ambiguous)
      values (p_serial, private.scanner_hash(p_ip), true);
      return jsonb_build_object('serial', p_serial, 'found', false, 'ambiguous', true,
        'warnings', jsonb_build_array('shared_serial'), 'brand', null, 'product', null,
        'candidates', (
          select jsonb_agg(private.scan_candidate(u, p)
                   order by p.gtin is not null desc, coalesce(up.is_business_user, false) desc,
                            b.brand_name is null, lower(b.brand_name), p.name, u.id)
            from public.business_units u
            join public.business_products p on p.id = u.product_id
            left join public.user_profiles up on up.id = p.business_id
            left join public.business_profiles b on b.business_id = p.business_id
           where u.serial = p_serial and private.product_is_live(p)));
    end if;
    select u.* into v_unit
      from public.business_units u join public.business_products p on p.id = u.product_id
     where u.serial = p_serial and private.product_is_live(p);
    select p.* into v_product from public.business_products p where p.id = v_unit.product_id;
    insert into public.business_unit_scans (unit_id, product_id, business_id, serial, gtin, scanner_hash)
    values (v_unit.id, v_product.id, v_product.business_id, p_serial, v_product.gtin, private.scanner_hash(p_ip));
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

-- Units the signals flag: 5 or more distinct scanners in 24 hours (the scan page's many_places
-- and many_scans), or a serial that visitors checked at /verify and found on several businesses'
-- units. Counted after the unit's last dismissal, as before.
drop function private.flagged_units();
create function private.flagged_units()
returns table (unit_id uuid, scans bigint, places bigint, shared_scans bigint, last_scan_at timestamptz)
language sql stable security definer set search_path = ''
as $$
  with candidates as (
    select s.unit_id from public.business_unit_scans s
     where s.unit_id is not null and s.scanned_at > now() - interval '24 hours'
     group by s.unit_id
    having count(distinct s.scanner_hash) >= 5
    union
    select u.id from public.business_unit_scans s join public.business_units u on u.serial = s.serial
     where s.ambiguous and s.scanned_at > now() - interval '24 hours'
  ), since as (
    select c.unit_id, greatest(now() - interval '24 hours', coalesce(
      (select max(l.created_at) from public.moderation_log l
        where l.queue = 'flagged' and l.item_id = c.unit_id::text and l.action = 'dismiss'), '-infinity')) as t
      from candidates c
  ), counted as (
    select x.unit_id, own.scans, own.places, shared.scans as shared_scans, greatest(own.last, shared.last) as last_scan_at
      from since x
      join public.business_units u on u.id = x.unit_id and u.status <> 'counterfeit'
      cross join lateral (
        select count(*) as scans, count(distinct s.scanner_hash) as places, max(s.scanned_at) as last
          from public.business_unit_scans s where s.unit_id = x.unit_id and s.scanned_at > x.t) own
      cross join lateral (
        select count(*) as scans, max(s.scanned_at) as last
          from public.business_unit_scans s where s.ambiguous and s.serial = u.serial and s.scanned_at > x.t) shared
  )
  select c.unit_id, c.scans, c.places, c.shared_scans, c.last_scan_at from counted c
   where c.places >= 5 or c.shared_scans > 0
$$;
revoke execute on function private.flagged_units() from public;

-- The business's scan analytics, as before but: a unit is flagged many_scans for more than 10
-- distinct scanners in 24 hours; never-issued scans name the GTIN they were read with; and
-- shared_serials lists the caller's serials that visitors checked at /verify in the period and
-- found on other businesses' units too (without counts: such a scan belongs to no business).
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
revoke execute on function public.my_business_scan_analytics(int) from public;
grant execute on function public.my_business_scan_analytics(int) to authenticated;

-- Whether a product's GTIN is proven: it lies under a verified prefix of its own business.
create or replace function private.gtin_verified(p_product public.business_products) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_product.gtin is not null and private.gtin_holder(p_product.gtin) is not distinct from p_product.business_id
$$;
revoke execute on function private.gtin_verified(public.business_products) from public;

-- RPC moderator_queue: as in 20261125000300, with products that say whether their GTIN is verified
-- (and which GTIN was taken back from them), and flagged units that carry the shared-serial signal
-- and the other brands that use the serial.
create or replace function public.moderator_queue(p_queue text, p_limit integer default 20, p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  if p_queue = 'assets' then
    return jsonb_build_object(
      'total', (select count(*) from public.moderation_reports r where r.target_kind = 'asset' and r.status = 'open'),
      'items', coalesce((select jsonb_agg(x.item order by x.created_at desc, x.id) from (
        select r.id, r.created_at, jsonb_build_object('id', r.id, 'created_at', r.created_at, 'reason', r.reason,
          'details', r.details,
          'asset', jsonb_build_object('id', a.id, 'title', a.title, 'description', a.description, 'kind', a.kind,
            'tags', to_jsonb(a.tags), 'public', a.privacy = 'public')) as item
          from public.moderation_reports r join public.assets a on a.id = r.asset_id
         where r.target_kind = 'asset' and r.status = 'open'
         order by r.created_at desc, r.id limit v_limit offset v_offset) x), '[]'::jsonb));
  elsif p_queue = 'products' then
    return jsonb_build_object(
      'total', (select count(*) from public.moderation_reports r where r.target_kind = 'product' and r.status = 'open'),
      'items', coalesce((select jsonb_agg(x.item order by x.created_at desc, x.id) from (
        select r.id, r.created_at, jsonb_build_object('id', r.id, 'created_at', r.created_at, 'reason', r.reason,
          'details', r.details, 'serial', r.serial,
          'brand', coalesce(b.brand_name, 'Unnamed brand'),
          'brand_verified', coalesce(up.is_business_user, false),
          'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku, 'status', p.status,
            'gtin_verified', private.gtin_verified(p), 'released_gtin', p.released_gtin),
          'unit', case when u.id is null then null
                  else jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status) end) as item
          from public.moderation_reports r
          join public.business_products p on p.id = r.product_id
          left join public.business_units u on u.id = r.unit_id
          left join public.business_profiles b on b.business_id = p.business_id
          left join public.user_profiles up on up.id = p.business_id
         where r.target_kind = 'product' and r.status = 'open'
         order by r.created_at desc, r.id limit v_limit offset v_offset) x), '[]'::jsonb));
  elsif p_queue = 'flagged' then
    return (with f as (select * from private.flagged_units())
      select jsonb_build_object('total', (select count(*) from f),
        'items', coalesce((select jsonb_agg(x.item order by x.last_scan_at desc, x.unit_id) from (
          select f.unit_id, f.last_scan_at, jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status,
            'scans_24h', f.scans, 'places_24h', f.places, 'shared_scans_24h', f.shared_scans,
            'last_scan_at', f.last_scan_at,
            'brand', coalesce(b.brand_name, 'Unnamed brand'),
            'brand_verified', coalesce(up.is_business_user, false),
            'other_brands', coalesce((
              select jsonb_agg(distinct coalesce(ob.brand_name, 'Unnamed brand'))
                from public.business_units o
                left join public.business_profiles ob on ob.business_id = o.business_id
               where o.serial = u.serial and o.business_id <> u.business_id), '[]'::jsonb),
            'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'status', p.status,
              'gtin_verified', private.gtin_verified(p))) as item
            from f join public.business_units u on u.id = f.unit_id
            join public.business_products p on p.id = u.product_id
            left join public.business_profiles b on b.business_id = u.business_id
            left join public.user_profiles up on up.id = u.business_id
           order by f.last_scan_at desc, f.unit_id limit v_limit offset v_offset) x), '[]'::jsonb)));
  elsif p_queue = 'contact' then
    return jsonb_build_object(
      'total', (select count(*) from public.contact_abuse_reports c where c.status = 'open'),
      'items', coalesce((select jsonb_agg(x.item order by x.created_at desc, x.id) from (
        select c.id, c.created_at, jsonb_build_object('id', c.id, 'created_at', c.created_at,
          'sender_name', c.sender_name, 'message', c.message, 'reason', c.reason) as item
          from public.contact_abuse_reports c where c.status = 'open'
         order by c.created_at desc, c.id limit v_limit offset v_offset) x), '[]'::jsonb));
  elsif p_queue = 'bans' then
    perform private.require_admin();
    return (with o as (select * from private.open_ban_requests())
      select jsonb_build_object('total', (select count(*) from o),
        'items', coalesce((select jsonb_agg(x.item order by x.created_at desc, x.id) from (
          select o.id, o.created_at, jsonb_build_object('id', o.id::text, 'created_at', o.created_at,
            'reason', o.reason, 'queue', o.queue, 'user_id', o.target_user_id, 'email', tp.email,
            'requested_by', mp.email) as item
            from o left join public.user_profiles tp on tp.id = o.target_user_id
            left join public.user_profiles mp on mp.id = o.moderator_id
           order by o.created_at desc, o.id limit v_limit offset v_offset) x), '[]'::jsonb)));
  end if;
  raise exception 'Unknown queue' using errcode = '22023';
end
$$;
revoke execute on function public.moderator_queue(text, integer, integer) from public;
grant execute on function public.moderator_queue(text, integer, integer) to authenticated;

-- A visitor's report of a scanned product names the product the scan page showed: the GTIN's
-- holder's (14-digit form, check digit first), or the one live unit carrying the serial.
create or replace function private.submit_moderation_report(
  p_target text, p_asset_id uuid, p_gtin text, p_serial text, p_reason text, p_details text,
  p_reporter uuid, p_ip text
) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_details text := nullif(btrim(coalesce(p_details, '')), '');
  v_salt text;
  v_hash text;
  v_gtin text;
  v_product public.business_products;
  v_unit public.business_units;
  v_id uuid;
begin
  if p_reason is null or p_reason not in ('counterfeit', 'stolen', 'inappropriate', 'scam', 'personal_data', 'other') then
    raise exception 'Choose a reason from the list' using errcode = '22023';
  end if;
  if char_length(coalesce(v_details, '')) > 1000 then
    raise exception 'The details must be at most 1000 characters' using errcode = '22023';
  end if;
  insert into private.scan_salts (day) values (current_date) on conflict (day) do nothing;
  select s.salt into v_salt from private.scan_salts s where s.day = current_date;
  v_hash := encode(sha256(convert_to(v_salt || '|report|' || coalesce(p_ip, ''), 'UTF8')), 'hex');

  if p_target = 'asset' then
    if not exists (select 1 from public.assets a where a.id = p_asset_id and a.privacy = 'public') then
      raise exception 'Asset not found' using errcode = 'P0002';
    end if;
    select r.id into v_id from public.moderation_reports r
     where r.asset_id = p_asset_id and r.reporter_hash = v_hash and r.status = 'open';
    if v_id is null then
      insert into public.moderation_reports (target_kind, asset_id, reason, details, reporter_id, reporter_hash)
      values ('asset', p_asset_id, p_reason, v_details, p_reporter, v_hash) returning id into v_id;
    end if;
    return v_id;
  elsif p_target = 'product' then
    if p_serial is null or p_serial !~ '^[A-Za-z0-9._-]{1,64}$' then
      raise exception 'Enter a serial number of letters, digits, dots, dashes or underscores (at most 64)'
        using errcode = '22023';
    end if;
    if p_gtin is not null then
      v_gtin := private.gtin14(p_gtin);
      if v_gtin is null or not private.gtin_check_digit_ok(v_gtin) then
        raise exception 'This is not a valid barcode number (GTIN)' using errcode = '22023', hint = 'invalid_gtin';
      end if;
      select p.* into v_product from public.business_products p
       where p.gtin = v_gtin and p.business_id = private.gtin_holder(v_gtin);
      if found then
        select u.* into v_unit from public.business_units u where u.product_id = v_product.id and u.serial = p_serial;
      end if;
    elsif (select count(*) from public.business_units u join public.business_products p on p.id = u.product_id
            where u.serial = p_serial and private.product_is_live(p)) = 1 then
      select u.* into v_unit from public.business_units u join public.business_products p on p.id = u.product_id
       where u.serial = p_serial and private.product_is_live(p);
      select p.* into v_product from public.business_products p where p.id = v_unit.product_id;
    end if;
    if v_product.id is null then
      raise exception 'Product not found' using errcode = 'P0002';
    end if;
    select r.id into v_id from public.moderation_reports r
     where r.product_id = v_product.id and r.serial = p_serial and r.reporter_hash = v_hash and r.status = 'open';
    if v_id is null then
      insert into public.moderation_reports (target_kind, product_id, unit_id, serial, reason, details, reporter_id, reporter_hash)
      values ('product', v_product.id, v_unit.id, p_serial, p_reason, v_details, p_reporter, v_hash) returning id into v_id;
    end if;
    return v_id;
  end if;
  raise exception 'Report an asset or a product' using errcode = '22023';
end
$$;
revoke execute on function private.submit_moderation_report(text, uuid, text, text, text, text, uuid, text) from public;
grant execute on function private.submit_moderation_report(text, uuid, text, text, text, text, uuid, text) to service_role;
