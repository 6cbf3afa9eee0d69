-- Keyset pages for the moderators' queues, their log and the standing recalls (issue 33, decision
-- 0165): each page starts after a cursor `{"k": time, "id": id}` (the last row's), newest first,
-- read from an index in that order; the answers carry `next` and a total that stops at 1,000
-- (private.keyset_page, migration 20261127001600), and the tabs' counts stop counting at 1,001.
-- The flagged units and the ban requests are computed sets (the last 24 hours' scans; requests not
-- declined or carried out): a page of them starts after the cursor too, but they are computed whole.

drop index public.moderation_reports_queue_idx;
create index moderation_reports_queue_idx on public.moderation_reports (target_kind, created_at, id) where status = 'open';
drop index public.contact_abuse_reports_status_idx;
create index contact_abuse_reports_status_idx on public.contact_abuse_reports (status, created_at, id);
drop index public.business_products_moderator_recall_idx;
create index business_products_moderator_recall_idx on public.business_products (moderator_recall_at, id)
  where moderator_recall_at is not null;

-- A cursor's time, or the end of time for the first page: one row comparison then serves both.
create or replace function private.cursor_time(p_after jsonb) returns timestamptz
language sql immutable set search_path = ''
as $$ select coalesce((private.checked_cursor(p_after) ->> 'k')::timestamptz, 'infinity') $$;
revoke execute on function private.cursor_time(jsonb) from public;

create or replace function private.cursor_uuid(p_after jsonb) returns uuid
language sql immutable set search_path = ''
as $$ select coalesce((private.checked_cursor(p_after) ->> 'id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff') $$;
revoke execute on function private.cursor_uuid(jsonb) from public;

-- The ids of the log and of ban requests are numbers: the cursor's id must be one.
create or replace function private.cursor_bigint(p_after jsonb) returns bigint
language plpgsql immutable set search_path = ''
as $$
begin
  if p_after is null or p_after = 'null'::jsonb then return 9223372036854775807; end if;
  if jsonb_typeof(p_after) <> 'object' or coalesce(jsonb_typeof(p_after -> 'k'), '') <> 'string'
     or coalesce(p_after ->> 'id', '') !~ '^[0-9]{1,18}$' then
    raise exception 'A page cursor is {"k": text, "id": number as text}' using errcode = '22023';
  end if;
  return (p_after ->> 'id')::bigint;
end
$$;
revoke execute on function private.cursor_bigint(jsonb) from public;

create or replace function public.moderator_queue_counts() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  -- At most 1,001 each: the tabs say "1,000+" past a thousand (decision 0165).
  return jsonb_build_object(
    'products', (select count(*) from (select 1 from public.moderation_reports r
                  where r.target_kind = 'product' and r.status = 'open' limit 1001) c),
    'flagged', (select count(*) from (select 1 from private.flagged_units() limit 1001) c),
    'assets', (select count(*) from (select 1 from public.moderation_reports r
                where r.target_kind = 'asset' and r.status = 'open' limit 1001) c),
    'contact', (select count(*) from (select 1 from public.contact_abuse_reports c
                 where c.status = 'open' limit 1001) c),
    'bans', case when private.is_admin()
              then (select count(*) from (select 1 from private.open_ban_requests() limit 1001) c) end);
end
$$;

drop function public.moderator_queue(text, integer, integer);
-- RPC moderator_queue(p_queue, p_limit, p_after): one page of a queue, newest first, after a cursor.
create function public.moderator_queue(p_queue text, p_limit integer default 20, p_after jsonb default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_rows jsonb;
  v_total bigint;
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  if p_queue in ('assets', 'products') then
    declare
      v_kind text := case when p_queue = 'assets' then 'asset' else 'product' end;
      v_at timestamptz := private.cursor_time(p_after);
      v_id uuid := private.cursor_uuid(p_after);
    begin
      select coalesce(jsonb_agg(jsonb_build_object('k', x.created_at::text, 'id', x.id, 'row',
          case when v_kind = 'asset' then
            jsonb_build_object('id', r.id, 'created_at', r.created_at, 'reason', r.reason, 'details', r.details,
              'asset', jsonb_build_object('id', a.id, 'title', a.title, 'description', a.description, 'kind', a.kind,
                'tags', to_jsonb(a.tags), 'public', a.privacy = 'public'))
          else
            jsonb_build_object('id', r.id, 'created_at', r.created_at, 'reason', r.reason,
              'details', r.details, 'serial', r.serial,
              'brand', coalesce(b.brand_name, 'Unnamed brand'),
              'brand_verified', coalesce(up.is_business_user, false),
              'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku, 'status', p.status,
                'gtin_verified', private.gtin_verified(p), 'released_gtin', p.released_gtin),
              'unit', case when u.id is null then null
                      else jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status) end)
          end) order by x.created_at desc, x.id desc), '[]')
        into v_rows
        from (select r.id, r.created_at from public.moderation_reports r
               where r.target_kind = v_kind and r.status = 'open' and (r.created_at, r.id) < (v_at, v_id)
               order by r.created_at desc, r.id desc limit v_limit + 1) x
        join public.moderation_reports r on r.id = x.id
        left join public.assets a on a.id = r.asset_id
        left join public.business_products p on p.id = r.product_id
        left join public.business_units u on u.id = r.unit_id
        left join public.business_profiles b on b.business_id = p.business_id
        left join public.user_profiles up on up.id = p.business_id;
      select count(*) into v_total from (select 1 from public.moderation_reports r
        where r.target_kind = v_kind and r.status = 'open' limit 1001) c;
    end;
  elsif p_queue = 'flagged' then
    declare
      v_at timestamptz := private.cursor_time(p_after);
      v_id uuid := private.cursor_uuid(p_after);
    begin
      with f as (select * from private.flagged_units())
      select coalesce(jsonb_agg(jsonb_build_object('k', x.last_scan_at::text, 'id', x.unit_id, 'row',
          jsonb_build_object('id', u.id, 'serial', u.serial, 'status', u.status,
            'scans_24h', x.scans, 'places_24h', x.places, 'shared_scans_24h', x.shared_scans,
            'last_scan_at', x.last_scan_at,
            'brand', coalesce(b.brand_name, 'Unnamed brand'),
            'brand_verified', coalesce(up.is_business_user, false),
            'other_brands', coalesce((
              select jsonb_agg(distinct coalesce(ob.brand_name, 'Unnamed brand'))
                from public.business_units o
                left join public.business_profiles ob on ob.business_id = o.business_id
               where o.serial = u.serial and o.business_id <> u.business_id), '[]'::jsonb),
            'product', jsonb_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin, 'status', p.status,
              'gtin_verified', private.gtin_verified(p)))) order by x.last_scan_at desc, x.unit_id desc), '[]'),
        least((select count(*) from f), 1001)
        into v_rows, v_total
        from (select * from f where (f.last_scan_at, f.unit_id) < (v_at, v_id)
               order by f.last_scan_at desc, f.unit_id desc limit v_limit + 1) x
        join public.business_units u on u.id = x.unit_id
        join public.business_products p on p.id = u.product_id
        left join public.business_profiles b on b.business_id = u.business_id
        left join public.user_profiles up on up.id = u.business_id;
    end;
  elsif p_queue = 'contact' then
    declare
      v_at timestamptz := private.cursor_time(p_after);
      v_id uuid := private.cursor_uuid(p_after);
    begin
      select coalesce(jsonb_agg(jsonb_build_object('k', c.created_at::text, 'id', c.id, 'row',
          jsonb_build_object('id', c.id, 'created_at', c.created_at,
            'sender_name', c.sender_name, 'message', c.message, 'reason', c.reason))
          order by c.created_at desc, c.id desc), '[]')
        into v_rows
        from (select c.* from public.contact_abuse_reports c
               where c.status = 'open' and (c.created_at, c.id) < (v_at, v_id)
               order by c.created_at desc, c.id desc limit v_limit + 1) c;
      select count(*) into v_total from (select 1 from public.contact_abuse_reports c
        where c.status = 'open' limit 1001) c;
    end;
  elsif p_queue = 'bans' then
    perform private.require_admin();
    declare
      v_at timestamptz := private.cursor_time(p_after);
      v_id bigint := private.cursor_bigint(p_after);
    begin
      with o as (select * from private.open_ban_requests())
      select coalesce(jsonb_agg(jsonb_build_object('k', x.created_at::text, 'id', x.id::text, 'row',
          jsonb_build_object('id', x.id::text, 'created_at', x.created_at,
            'reason', x.reason, 'queue', x.queue, 'user_id', x.target_user_id, 'email', tp.email,
            'requested_by', mp.email)) order by x.created_at desc, x.id desc), '[]'),
        least((select count(*) from o), 1001)
        into v_rows, v_total
        from (select * from o where (o.created_at, o.id) < (v_at, v_id)
               order by o.created_at desc, o.id desc limit v_limit + 1) x
        left join public.user_profiles tp on tp.id = x.target_user_id
        left join public.user_profiles mp on mp.id = x.moderator_id;
    end;
  else
    raise exception 'Unknown queue' using errcode = '22023';
  end if;
  return private.keyset_page(v_rows, v_limit, v_total);
end
$$;
revoke execute on function public.moderator_queue(text, integer, jsonb) from public;
grant execute on function public.moderator_queue(text, integer, jsonb) to authenticated;

drop function public.moderator_log(integer, integer);
create function public.moderator_log(p_limit integer default 20, p_after jsonb default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_admin boolean := private.is_admin();
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_at timestamptz := private.cursor_time(p_after);
  v_id bigint := private.cursor_bigint(p_after);
  v_rows jsonb;
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  select coalesce(jsonb_agg(jsonb_build_object('k', l.created_at::text, 'id', l.id::text, 'row',
      jsonb_build_object('id', l.id, 'created_at', l.created_at, 'queue', l.queue,
        'item_id', l.item_id, 'action', l.action, 'reason', l.reason, 'details', l.details,
        'by_me', l.moderator_id = auth.uid(),
        'moderator', case when v_admin then p.email end)) order by l.created_at desc, l.id desc), '[]')
    into v_rows
    from (select l.* from public.moderation_log l where (l.created_at, l.id) < (v_at, v_id)
           order by l.created_at desc, l.id desc limit v_limit + 1) l
    left join public.user_profiles p on p.id = l.moderator_id;
  return private.keyset_page(v_rows, v_limit,
    (select count(*) from (select 1 from public.moderation_log limit 1001) c));
end
$$;
revoke execute on function public.moderator_log(integer, jsonb) from public;
grant execute on function public.moderator_log(integer, jsonb) to authenticated;

drop function public.moderator_recalls(integer, integer);
create function public.moderator_recalls(p_limit integer default 20, p_after jsonb default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_at timestamptz := private.cursor_time(p_after);
  v_id uuid := private.cursor_uuid(p_after);
  v_rows jsonb;
begin
  perform private.require_aal_satisfied();
  perform private.require_moderator();
  select coalesce(jsonb_agg(jsonb_build_object('k', p.moderator_recall_at::text, 'id', p.id, 'row',
      jsonb_build_object('product_id', p.id, 'name', p.name, 'gtin', p.gtin, 'sku', p.sku,
        'brand', coalesce(b.brand_name, 'Unnamed brand'),
        'recalled_at', p.moderator_recall_at, 'reason', p.moderator_recall_reason))
      order by p.moderator_recall_at desc, p.id desc), '[]')
    into v_rows
    from (select p.* from public.business_products p
           where p.moderator_recall_at is not null and (p.moderator_recall_at, p.id) < (v_at, v_id)
           order by p.moderator_recall_at desc, p.id desc limit v_limit + 1) p
    left join public.business_profiles b on b.business_id = p.business_id;
  return private.keyset_page(v_rows, v_limit,
    (select count(*) from (select 1 from public.business_products p where p.moderator_recall_at is not null limit 1001) c));
end
$$;
revoke execute on function public.moderator_recalls(integer, jsonb) from public;
grant execute on function public.moderator_recalls(integer, jsonb) to authenticated;
