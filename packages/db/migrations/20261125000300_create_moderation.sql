-- The moderators' queue (issue 14, item 6): visitors report public assets and suspicious
-- products; moderators and admins work four queues (reported products, units flagged by scan
-- signals, reported public assets, contact-owner abuse) and act on them with a required reason.
-- Every action is a row of public.moderation_log, which nobody updates or deletes. Admins also see
-- the moderators' requests to ban someone and ban with the existing admin_set_ban.
--
-- What moderators see is decided here, not by the client: reports are read through
-- moderator_queue(), which returns only the public side of an asset (title, description, kind,
-- tags), a product's catalogue fields and a contact report's copy of the message — never an
-- owner's e-mail, a sender's address, a reporter's identity or a private asset's fields.

-- ---------------------------------------------------------------------------------------------
-- Visitors' reports. Written only by private.submit_moderation_report (the report-content server
-- function, service role), which also keeps a salted hash of the visitor's IP (the scans' daily
-- salt) so one network's repeated reports of the same thing count once. Nobody but moderators and
-- admins reads them, and they never see who reported (reporter_id, reporter_hash not granted).
create table public.moderation_reports (
  id uuid primary key default gen_random_uuid(),
  target_kind text not null check (target_kind in ('asset', 'product')),
  asset_id uuid references public.assets (id) on delete cascade,
  product_id uuid references public.business_products (id) on delete cascade,
  unit_id uuid references public.business_units (id) on delete cascade,
  -- The serial the visitor scanned, kept even when it matches no unit (a copy's serial).
  serial text check (serial is null or serial ~ '^[A-Za-z0-9._-]{1,64}$'),
  reason text not null check (reason in ('counterfeit', 'stolen', 'inappropriate', 'scam', 'personal_data', 'other')),
  details text check (details is null or char_length(details) <= 1000),
  reporter_id uuid references auth.users (id) on delete set null,
  reporter_hash text not null check (reporter_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  constraint moderation_reports_target check (
    (target_kind = 'asset' and asset_id is not null and product_id is null and unit_id is null)
    or (target_kind = 'product' and product_id is not null and asset_id is null)),
  constraint moderation_reports_decided check ((status = 'open') = (decided_at is null))
);
create index moderation_reports_queue_idx on public.moderation_reports (target_kind, status, created_at desc);
create index moderation_reports_asset_idx on public.moderation_reports (asset_id) where asset_id is not null;
create index moderation_reports_product_idx on public.moderation_reports (product_id) where product_id is not null;
create index moderation_reports_reporter_idx on public.moderation_reports (reporter_hash, created_at);

alter table public.moderation_reports enable row level security;
revoke all on public.moderation_reports from anon, authenticated;
grant select (id, target_kind, asset_id, product_id, unit_id, serial, reason, details, status, decided_at, created_at)
  on public.moderation_reports to authenticated;
grant select, insert, update on public.moderation_reports to service_role;
create policy "Moderators and admins read reports" on public.moderation_reports
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Two-factor users need an aal2 session" on public.moderation_reports
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- The moderation audit log: one row per action, with its reason. item_id names the queue item
-- (a report's id, a unit's id for flagged scans, a contact report's id, a ban request's log id).
-- No foreign keys: the log outlives the accounts and items it names and is never rewritten.
create table public.moderation_log (
  id bigint generated always as identity primary key,
  moderator_id uuid,
  queue text not null check (queue in ('products', 'flagged', 'assets', 'contact', 'bans')),
  item_id text not null check (char_length(item_id) <= 64),
  action text not null check (action in ('dismiss', 'hide_asset', 'mark_counterfeit', 'mark_recalled',
    'warn_user', 'request_ban', 'decline_ban')),
  target_user_id uuid,
  reason text not null check (char_length(btrim(reason)) between 1 and 1000),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index moderation_log_item_idx on public.moderation_log (queue, item_id, created_at desc);
create index moderation_log_created_idx on public.moderation_log (created_at desc, id desc);
create index moderation_log_ban_requests_idx on public.moderation_log (created_at desc) where action = 'request_ban';

alter table public.moderation_log enable row level security;
revoke all on public.moderation_log from anon, authenticated;
grant select on public.moderation_log to authenticated, service_role;
create policy "Moderators and admins read the moderation log" on public.moderation_log
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Two-factor users need an aal2 session" on public.moderation_log
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- Append-only even for the table's owner (the functions below): an audit log that can be edited
-- proves nothing.
create or replace function private.refuse_log_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The moderation log is append-only' using errcode = '42501';
end
$$;
create trigger moderation_log_append_only before update or delete on public.moderation_log
  for each row execute function private.refuse_log_change();
create trigger moderation_log_no_truncate before truncate on public.moderation_log
  for each statement execute function private.refuse_log_change();

-- ---------------------------------------------------------------------------------------------
-- Assets a moderator hid. Hiding makes the asset private (every public page and /verify already
-- show only public assets); this row keeps its owner from making it public again.
create table private.hidden_assets (
  asset_id uuid primary key references public.assets (id) on delete cascade,
  hidden_at timestamptz not null default now()
);
revoke all on private.hidden_assets from public;

create or replace function private.keep_hidden_assets_private() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.privacy = 'public' and exists (select 1 from private.hidden_assets h where h.asset_id = new.id) then
    raise exception 'A moderator hid this asset; it cannot be made public again' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.keep_hidden_assets_private() from public;
create trigger assets_keep_hidden_private before update of privacy on public.assets
  for each row when (new.privacy = 'public') execute function private.keep_hidden_assets_private();

-- The flagged-scans queue reads the last 24 hours of scans.
create index business_unit_scans_recent_idx on public.business_unit_scans (scanned_at) where unit_id is not null;

-- ---------------------------------------------------------------------------------------------
-- A visitor's report, from the report-content server function only (service role), which passes
-- the signed-in user (or null) and the visitor's IP as the server sees it. The IP is kept only as
-- a hash salted with the day's scan salt. The same network reporting the same thing again while
-- the first report is open adds nothing. Reports only what a visitor can see: a public asset, or
-- a product by the GTIN and serial of its label.
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
      if p_gtin !~ '^[0-9]{8}$|^[0-9]{12,14}$' then
        raise exception 'A GTIN has 8, 12, 13 or 14 digits' using errcode = '22023';
      end if;
      -- The same product the scan page shows for this GTIN (record_unit_scan).
      select p.* into v_product from public.business_products p where p.gtin = p_gtin order by p.created_at limit 1;
      if found then
        select u.* into v_unit from public.business_units u where u.product_id = v_product.id and u.serial = p_serial;
      end if;
    elsif (select count(*) from public.business_units u where u.serial = p_serial) = 1 then
      select u.* into v_unit from public.business_units u where u.serial = p_serial;
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

-- ---------------------------------------------------------------------------------------------
-- Units the scan signals flag (the scan page's many_scans / many_places: more than 10 scans, or 5
-- or more networks, in 24 hours), not yet judged counterfeit. A dismissal counts: only scans after
-- the last one can flag the unit again.
create or replace function private.flagged_units()
returns table (unit_id uuid, scans bigint, places bigint, last_scan_at timestamptz)
language sql stable security definer set search_path = ''
as $$
  with candidates as (
    select s.unit_id from public.business_unit_scans s
     where s.unit_id is not null and s.scanned_at > now() - interval '24 hours'
     group by s.unit_id
    having count(*) > 10 or count(distinct s.scanner_hash) >= 5
  ), since as (
    select c.unit_id, greatest(now() - interval '24 hours', coalesce(
      (select max(l.created_at) from public.moderation_log l
        where l.queue = 'flagged' and l.item_id = c.unit_id::text and l.action = 'dismiss'), '-infinity')) as t
      from candidates c
  )
  select x.unit_id, count(*), count(distinct s.scanner_hash), max(s.scanned_at)
    from since x
    join public.business_unit_scans s on s.unit_id = x.unit_id and s.scanned_at > x.t
    join public.business_units u on u.id = x.unit_id and u.status <> 'counterfeit'
   group by x.unit_id
  having count(*) > 10 or count(distinct s.scanner_hash) >= 5
$$;
revoke execute on function private.flagged_units() from public;

create or replace function private.require_moderator() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if not private.is_moderator_or_admin() then
    raise exception 'Only moderators and admins can do this' using errcode = '42501';
  end if;
end
$$;
revoke execute on function private.require_moderator() from public;

-- Open ban requests: asked for by a moderator, neither declined nor already carried out.
create or replace function private.open_ban_requests()
returns setof public.moderation_log
language sql stable security definer set search_path = ''
as $$
  select l.* from public.moderation_log l
   where l.action = 'request_ban'
     and not exists (select 1 from public.moderation_log d
                      where d.queue = 'bans' and d.item_id = l.id::text and d.action = 'decline_ban')
     and not exists (select 1 from auth.users u
                      where u.id = l.target_user_id and u.banned_until is not null and u.banned_until > now())
$$;
revoke execute on function private.open_ban_requests() from public;

-- RPC moderator_queue_counts(): the number of open items in each queue ('bans' for admins only).
create or replace function public.moderator_queue_counts() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  return jsonb_build_object(
    'products', (select count(*) from public.moderation_reports r where r.target_kind = 'product' and r.status = 'open'),
    'flagged', (select count(*) from private.flagged_units()),
    'assets', (select count(*) from public.moderation_reports r where r.target_kind = 'asset' and r.status = 'open'),
    'contact', (select count(*) from public.contact_abuse_reports c where c.status = 'open'),
    'bans', case when private.is_admin() then (select count(*) from private.open_ban_requests()) end);
end
$$;
revoke execute on function public.moderator_queue_counts() from public;
grant execute on function public.moderator_queue_counts() to authenticated;

-- RPC moderator_queue(p_queue, p_limit, p_offset): one page of a queue, newest first, and its total.
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
          'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku, 'status', p.status),
          'unit', case when u.id is null then null
                  else jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status) end) as item
          from public.moderation_reports r
          join public.business_products p on p.id = r.product_id
          left join public.business_units u on u.id = r.unit_id
          left join public.business_profiles b on b.business_id = p.business_id
         where r.target_kind = 'product' and r.status = 'open'
         order by r.created_at desc, r.id limit v_limit offset v_offset) x), '[]'::jsonb));
  elsif p_queue = 'flagged' then
    return (with f as (select * from private.flagged_units())
      select jsonb_build_object('total', (select count(*) from f),
        'items', coalesce((select jsonb_agg(x.item order by x.last_scan_at desc, x.unit_id) from (
          select f.unit_id, f.last_scan_at, jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status,
            'scans_24h', f.scans, 'places_24h', f.places, 'last_scan_at', f.last_scan_at,
            'brand', coalesce(b.brand_name, 'Unnamed brand'),
            'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'status', p.status)) as item
            from f join public.business_units u on u.id = f.unit_id
            join public.business_products p on p.id = u.product_id
            left join public.business_profiles b on b.business_id = u.business_id
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

-- A warning by e-mail, queued in the mail outbox (delivered and retried by the server), in the
-- recipient's interface language when they have an account.
create or replace function private.queue_moderation_warning(p_to text, p_user uuid, p_about text, p_reason text)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_fr boolean := coalesce((select s.language like 'fr%' from public.user_settings s where s.user_id = p_user), false);
  v_subject text;
  v_text text;
  v_html text;
  v_reason_html text := replace(replace(replace(p_reason, '&', '&amp;'), '<', '&lt;'), '>', '&gt;');
  v_about_html text := replace(replace(replace(p_about, '&', '&amp;'), '<', '&lt;'), '>', '&gt;');
begin
  if v_fr then
    v_subject := 'TagLedger : avertissement de la modération';
    v_text := 'Un modérateur de TagLedger a examiné « ' || p_about || ' » et vous adresse cet avertissement :'
      || E'\n\n' || p_reason || E'\n\n' || 'Si cela se reproduit, votre compte pourra être suspendu.';
    v_html := '<p>Un modérateur de TagLedger a examiné « ' || v_about_html || ' » et vous adresse cet avertissement :</p>'
      || '<blockquote>' || v_reason_html || '</blockquote><p>Si cela se reproduit, votre compte pourra être suspendu.</p>';
  else
    v_subject := 'TagLedger: a warning from the moderators';
    v_text := 'A TagLedger moderator reviewed "' || p_about || '" and sends you this warning:'
      || E'\n\n' || p_reason || E'\n\n' || 'If it happens again, your account may be suspended.';
    v_html := '<p>A TagLedger moderator reviewed "' || v_about_html || '" and sends you this warning:</p>'
      || '<blockquote>' || v_reason_html || '</blockquote><p>If it happens again, your account may be suspended.</p>';
  end if;
  insert into private.mail_outbox (to_address, subject, body_text, body_html) values (p_to, v_subject, v_text, v_html);
end
$$;
revoke execute on function private.queue_moderation_warning(text, uuid, text, text) from public;

-- RPC moderator_act(p_queue, p_item_id, p_action, p_reason): acts on one queue item and writes
-- the log row. Which actions fit which queue:
--   assets:   dismiss, hide_asset, warn_user (the owner), request_ban (the owner)
--   products: dismiss, mark_counterfeit (when the report names a unit), mark_recalled, warn_user
--             (the business), request_ban (the business)
--   flagged:  the same as products, on the flagged unit
--   contact:  dismiss, warn_user (the sender, by the address they gave), request_ban (the sender's
--             account, when their address has one)
--   bans:     decline_ban (admins; banning is admin_set_ban through the admin-ban-user function)
create or replace function public.moderator_act(p_queue text, p_item_id text, p_action text, p_reason text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
  v_report public.moderation_reports;
  v_abuse public.contact_abuse_reports;
  v_unit public.business_units;
  v_product public.business_products;
  v_asset public.assets;
  v_target uuid;
  v_email text;
  v_about text;
  v_details jsonb := '{}'::jsonb;
  v_log_id bigint;
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  if char_length(v_reason) = 0 or char_length(v_reason) > 1000 then
    raise exception 'Give a reason (up to 1000 characters)' using errcode = '22023';
  end if;
  if p_item_id is null or char_length(p_item_id) > 64 then
    raise exception 'Item not found' using errcode = 'P0002';
  end if;

  if p_queue in ('assets', 'products') then
    if p_item_id !~ '^[0-9a-f-]{36}$' then
      raise exception 'Item not found' using errcode = 'P0002';
    end if;
    select * into v_report from public.moderation_reports r
     where r.id = p_item_id::uuid and r.target_kind = case when p_queue = 'assets' then 'asset' else 'product' end
       for update;
    if not found or v_report.status <> 'open' then
      raise exception 'This report is not open' using errcode = 'P0002';
    end if;
    if p_queue = 'assets' then
      select * into v_asset from public.assets a where a.id = v_report.asset_id;
      v_target := v_asset.owner_id;
      v_about := v_asset.title;
      v_details := jsonb_build_object('asset_id', v_asset.id, 'title', v_asset.title, 'report_reason', v_report.reason);
    else
      select * into v_product from public.business_products p where p.id = v_report.product_id;
      select * into v_unit from public.business_units u where u.id = v_report.unit_id;
      v_target := v_product.business_id;
      v_about := v_product.name || coalesce(' (' || v_report.serial || ')', '');
      v_details := jsonb_build_object('product_id', v_product.id, 'unit_id', v_unit.id, 'serial', v_report.serial,
        'report_reason', v_report.reason);
    end if;
  elsif p_queue = 'flagged' then
    if p_item_id !~ '^[0-9a-f-]{36}$' then
      raise exception 'Item not found' using errcode = 'P0002';
    end if;
    select * into v_unit from public.business_units u where u.id = p_item_id::uuid for update;
    if not found then
      raise exception 'Unit not found' using errcode = 'P0002';
    end if;
    select * into v_product from public.business_products p where p.id = v_unit.product_id;
    v_target := v_unit.business_id;
    v_about := v_product.name || ' (' || v_unit.serial || ')';
    v_details := jsonb_build_object('product_id', v_product.id, 'unit_id', v_unit.id, 'serial', v_unit.serial);
  elsif p_queue = 'contact' then
    if p_item_id !~ '^[0-9a-f-]{36}$' then
      raise exception 'Item not found' using errcode = 'P0002';
    end if;
    select * into v_abuse from public.contact_abuse_reports c where c.id = p_item_id::uuid for update;
    if not found or v_abuse.status <> 'open' then
      raise exception 'This report is not open' using errcode = 'P0002';
    end if;
    select u.id into v_target from auth.users u
     where private.contact_sender_key(u.email) = v_abuse.sender_key order by u.created_at limit 1;
    v_about := left(v_abuse.message, 80);
    v_details := jsonb_build_object('message_id', v_abuse.message_id);
  elsif p_queue = 'bans' then
    perform private.require_admin();
    if p_action <> 'decline_ban' then
      raise exception 'Ban requests are declined here, or carried out with the ban button' using errcode = '22023';
    end if;
    select l.target_user_id into v_target from private.open_ban_requests() l where l.id::text = p_item_id;
    if not found then
      raise exception 'This ban request is not open' using errcode = 'P0002';
    end if;
  else
    raise exception 'Unknown queue' using errcode = '22023';
  end if;

  if p_action = 'dismiss' and p_queue <> 'bans' then
    null;
  elsif p_action = 'hide_asset' and p_queue = 'assets' then
    insert into private.hidden_assets (asset_id) values (v_asset.id) on conflict (asset_id) do nothing;
    update public.assets set privacy = 'private' where id = v_asset.id;
  elsif p_action = 'mark_counterfeit' and p_queue in ('products', 'flagged') then
    if v_unit.id is null then
      raise exception 'This report names no issued unit; mark the product recalled or warn the business'
        using errcode = '22023';
    end if;
    update public.business_units set status = 'counterfeit' where id = v_unit.id;
    v_details := v_details || jsonb_build_object('from', v_unit.status);
  elsif p_action = 'mark_recalled' and p_queue in ('products', 'flagged') then
    update public.business_products set status = 'recalled' where id = v_product.id;
    v_details := v_details || jsonb_build_object('from', v_product.status);
  elsif p_action = 'warn_user' and p_queue in ('assets', 'products', 'flagged', 'contact') then
    if p_queue = 'contact' then
      v_email := v_abuse.sender_key;
    else
      select u.email into v_email from auth.users u where u.id = v_target;
    end if;
    if v_email is null then
      raise exception 'There is no address to warn' using errcode = 'P0002';
    end if;
    perform private.queue_moderation_warning(v_email, v_target, v_about, v_reason);
  elsif p_action = 'request_ban' and p_queue in ('assets', 'products', 'flagged', 'contact') then
    if v_target is null then
      raise exception 'The sender has no account to ban; the owner already blocked them' using errcode = 'P0002';
    end if;
  elsif p_action = 'decline_ban' and p_queue = 'bans' then
    null;
  else
    raise exception 'This action does not apply to this queue' using errcode = '22023';
  end if;

  -- Close the item: every open report of the same asset or product unit goes with it.
  if p_queue = 'assets' then
    update public.moderation_reports
       set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end, decided_at = now()
     where asset_id = v_asset.id and status = 'open';
  elsif p_queue = 'products' then
    update public.moderation_reports
       set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end, decided_at = now()
     where product_id = v_report.product_id and serial is not distinct from v_report.serial and status = 'open';
  elsif p_queue = 'flagged' and p_action = 'mark_counterfeit' then
    update public.moderation_reports set status = 'actioned', decided_at = now()
     where unit_id = v_unit.id and status = 'open';
  elsif p_queue = 'contact' then
    update public.contact_abuse_reports
       set status = case when p_action = 'dismiss' then 'dismissed' else 'reviewed' end
     where id = v_abuse.id;
  end if;

  insert into public.moderation_log (moderator_id, queue, item_id, action, target_user_id, reason, details)
  values (auth.uid(), p_queue, p_item_id, p_action,
          case when p_action in ('warn_user', 'request_ban', 'decline_ban') or p_queue <> 'contact' then v_target end,
          v_reason, v_details)
  returning id into v_log_id;
  return jsonb_build_object('log_id', v_log_id, 'queue', p_queue, 'item_id', p_item_id, 'action', p_action);
end
$$;
revoke execute on function public.moderator_act(text, text, text, text) from public;
grant execute on function public.moderator_act(text, text, text, text) to authenticated;

-- RPC moderator_log(p_limit, p_offset): the newest moderation actions, with who acted by e-mail
-- for admins only (moderators see their own actions named, others as "a moderator").
create or replace function public.moderator_log(p_limit integer default 20, p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_admin boolean := private.is_admin();
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  return jsonb_build_object(
    'total', (select count(*) from public.moderation_log),
    'items', coalesce((select jsonb_agg(x.item order by x.created_at desc, x.id desc) from (
      select l.id, l.created_at, jsonb_build_object('id', l.id, 'created_at', l.created_at, 'queue', l.queue,
        'item_id', l.item_id, 'action', l.action, 'reason', l.reason, 'details', l.details,
        'by_me', l.moderator_id = auth.uid(),
        'moderator', case when v_admin then p.email end) as item
        from public.moderation_log l left join public.user_profiles p on p.id = l.moderator_id
       order by l.created_at desc, l.id desc
       limit least(greatest(coalesce(p_limit, 20), 1), 100) offset greatest(coalesce(p_offset, 0), 0)) x), '[]'::jsonb));
end
$$;
revoke execute on function public.moderator_log(integer, integer) from public;
grant execute on function public.moderator_log(integer, integer) to authenticated;
