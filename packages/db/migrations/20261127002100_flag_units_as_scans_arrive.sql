-- The moderators' flagged units kept as scans arrive (issue 33, decision 0174): the queue reads the
-- units it shows, no longer every brand's scans of the last 24 hours (10^7 scans: 2.3 s a page).
--
-- The signal is unchanged (migration 20261127000203): a unit is flagged while, counted after its
-- last dismissal and within the last 24 hours, 5 or more distinct scanners scanned it, or a visitor
-- checked its serial at /verify and found it on several businesses' units (an ambiguous scan); a
-- counterfeit unit is not flagged.
--
-- private.flagged_unit_signals holds, per flagged unit, its last scan (the queue's order) and the
-- moment the signal ends if no scan comes: 24 hours after the fifth most recent distinct scanner's
-- last scan, or after the last ambiguous scan of its serial, whichever is later. Every event that
-- can change the signal computes the unit's row again (private.refresh_unit_flags): a scan of the
-- unit or an ambiguous scan of its serial, a deleted scan, a dismissal, the unit becoming or ceasing
-- to be counterfeit; a deleted unit's row goes with it. Time alone only ends signals: the queue
-- leaves out rows whose end has passed, and the scan partitions job deletes them daily.

create table private.flagged_unit_signals (
  -- No foreign key, as for business_unit_scan_days: the units' statement trigger below removes a
  -- deleted statement's units' rows in one delete.
  unit_id uuid primary key,
  last_scan_at timestamptz not null,
  flagged_until timestamptz not null
);
-- The queue's order; the end is in the index so that passed signals are skipped without the table.
create index flagged_unit_signals_queue_idx on private.flagged_unit_signals (last_scan_at desc, unit_id desc)
  include (flagged_until);
-- No role reads or writes it: only the functions below (security definer) do.
alter table private.flagged_unit_signals enable row level security;
revoke all on private.flagged_unit_signals from public;

-- Where a unit's window of counted scans starts: 24 hours ago, or its last dismissal if later.
create or replace function private.unit_flag_window_start(p_unit_id uuid) returns timestamptz
language sql stable security definer set search_path = ''
as $$
  select greatest(now() - interval '24 hours', coalesce(
    (select max(l.created_at) from public.moderation_log l
      where l.queue = 'flagged' and l.item_id = p_unit_id::text and l.action = 'dismiss'), '-infinity'))
$$;
revoke execute on function private.unit_flag_window_start(uuid) from public;

-- The signal of each given unit now, from its own scans and its serial's ambiguous scans after
-- max(24 hours ago, its last dismissal): null flagged_until when it is not flagged. Reads the
-- units' scans of that window only (the unit and shared-serial indexes).
create or replace function private.unit_flag_states(p_units uuid[])
returns table (unit_id uuid, last_scan_at timestamptz, flagged_until timestamptz)
language sql stable security definer set search_path = ''
as $$
  select x.unit_id,
         greatest(own.last, shared.last),
         nullif(greatest(own.fifth + interval '24 hours', shared.last + interval '24 hours', '-infinity'), '-infinity')
    from (select u.id as unit_id, u.serial,
                 private.unit_flag_window_start(u.id) as t
            from public.business_units u
           where u.id = any (p_units) and u.status <> 'counterfeit') x
    cross join lateral (
      -- Each distinct scanner's last scan; the fifth most recent of them keeps the unit at five.
      select max(h.last) as last, (array_agg(h.last order by h.last desc))[5] as fifth
        from (select s.scanner_hash, max(s.scanned_at) as last from public.business_unit_scans s
               where s.unit_id = x.unit_id and s.scanned_at > x.t group by s.scanner_hash) h) own
    cross join lateral (
      select max(s.scanned_at) as last from public.business_unit_scans s
       where s.ambiguous and s.serial = x.serial and s.scanned_at > x.t) shared
$$;
revoke execute on function private.unit_flag_states(uuid[]) from public;

-- The rows of these units made again. Two transactions refreshing one unit take turns on the
-- unit's row (for no key update, in id order; a scan's own foreign key check only shares it), so
-- the second counts the first's scan: without it, two scanners arriving together as the fourth and
-- fifth would each count four and flag nothing. Row locks, not advisory ones: a statement may
-- touch any number of units, and advisory locks fill the server's lock table (10^5 of them did).
create or replace function private.refresh_unit_flags(p_units uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(cardinality(p_units), 0) = 0 then
    return;
  end if;
  perform 1 from public.business_units u where u.id = any (p_units) order by u.id for no key update;
  with states as (select * from private.unit_flag_states(p_units) s where s.flagged_until > now()),
  ended as (
    delete from private.flagged_unit_signals f
     where f.unit_id = any (p_units) and not exists (select 1 from states s where s.unit_id = f.unit_id)
  )
  insert into private.flagged_unit_signals as f (unit_id, last_scan_at, flagged_until)
  select s.unit_id, s.last_scan_at, s.flagged_until from states s
  on conflict (unit_id) do update set last_scan_at = excluded.last_scan_at, flagged_until = excluded.flagged_until;
end
$$;
revoke execute on function private.refresh_unit_flags(uuid[]) from public;

-- Every row made again from the raw scans: by this migration, and after a restore or the scale
-- bench's bulk seeding, whose rows arrive with triggers off (through rebuild_unit_scan_counts
-- below). The candidates are read as the former queue read them, once.
create or replace function private.rebuild_unit_flags() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  lock table private.flagged_unit_signals in exclusive mode;
  delete from private.flagged_unit_signals;
  insert into private.flagged_unit_signals (unit_id, last_scan_at, flagged_until)
  select s.unit_id, s.last_scan_at, s.flagged_until
    from private.unit_flag_states(array(
           select s.unit_id from public.business_unit_scans s
            where s.unit_id is not null and s.scanned_at > now() - interval '24 hours'
            group by s.unit_id having count(distinct s.scanner_hash) >= 5
           union
           select u.id from public.business_unit_scans s join public.business_units u on u.serial = s.serial
            where s.ambiguous and s.scanned_at > now() - interval '24 hours')) s
   where s.flagged_until > now();
end
$$;
revoke execute on function private.rebuild_unit_flags() from public;

-- Ended signals are deleted (the scan partitions job, daily); until then the queue skips them.
create or replace function private.forget_ended_unit_flags() returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  v_gone bigint;
begin
  delete from private.flagged_unit_signals f where f.flagged_until <= now();
  get diagnostics v_gone = row_count;
  return v_gone;
end
$$;
revoke execute on function private.forget_ended_unit_flags() from public;
grant execute on function private.forget_ended_unit_flags() to service_role;

-- The restore's and the bench's one rebuild of what the scan triggers keep (decision 0173) now
-- also makes the flagged units' rows again.
create or replace function private.rebuild_unit_scan_counts() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_first timestamptz;
  v_yesterday date := (now() at time zone 'UTC')::date - 1;
begin
  select min(s.scanned_at) into v_first from public.business_unit_scans s where s.unit_id is not null;
  if v_first is not null then
    delete from public.business_unit_scan_days d where d.day >= (v_first at time zone 'UTC')::date;
    insert into public.business_unit_scan_days (business_id, unit_id, day, scans, scanners)
    select s.business_id, s.unit_id, (s.scanned_at at time zone 'UTC')::date, count(*), count(distinct s.scanner_hash)
      from public.business_unit_scans s
     where s.unit_id is not null and s.business_id is not null
     group by 1, 2, 3;
  end if;
  delete from private.unit_scan_day_scanners;
  insert into private.unit_scan_day_scanners (unit_id, day, scanner_hash)
  select distinct s.unit_id, (s.scanned_at at time zone 'UTC')::date, s.scanner_hash
    from public.business_unit_scans s
   where s.unit_id is not null and s.business_id is not null
     and s.scanned_at >= v_yesterday::timestamp at time zone 'UTC';
  perform private.rebuild_unit_flags();
end
$$;

-- Arrived scans: their units, and every unit of an ambiguous scan's serial. Rows moved between
-- partitions (tagledger.moving_scans) are no new scans.
create or replace function private.flag_arrived_scans() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('tagledger.moving_scans', true) = 'on' then
    return null;
  end if;
  -- Only scans of the last 24 hours can flag (a restore or a bulk load brings older ones).
  perform private.refresh_unit_flags(array(
    select a.unit_id from arrived a where a.unit_id is not null and a.scanned_at > now() - interval '24 hours'
    union
    select u.id from arrived a join public.business_units u on u.serial = a.serial
     where a.ambiguous and a.scanned_at > now() - interval '24 hours'));
  return null;
end
$$;
revoke execute on function private.flag_arrived_scans() from public;
create trigger business_unit_scans_flag after insert on public.business_unit_scans
  referencing new table as arrived for each statement execute function private.flag_arrived_scans();

-- Deleted scans of flagged units that remain (a unit's own deletion removes its row below; a
-- delete cascaded from a unit, product or account is nested and skipped, as uncount_scans does).
create or replace function private.unflag_gone_scans() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('tagledger.moving_scans', true) = 'on' or pg_catalog.pg_trigger_depth() > 1 then
    return null;
  end if;
  -- Fewer scans never make a flag: only units flagged now, and only by a scan of their window.
  perform private.refresh_unit_flags(array(
    select f.unit_id from private.flagged_unit_signals f
     where f.unit_id in (select g.unit_id from gone g where g.scanned_at > now() - interval '24 hours'
                         union
                         select u.id from gone g join public.business_units u on u.serial = g.serial
                          where g.ambiguous and g.scanned_at > now() - interval '24 hours')));
  return null;
end
$$;
revoke execute on function private.unflag_gone_scans() from public;
create trigger business_unit_scans_unflag after delete on public.business_unit_scans
  referencing old table as gone for each statement execute function private.unflag_gone_scans();

create or replace function private.forget_deleted_units_flags() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from private.flagged_unit_signals f using gone_units g where f.unit_id = g.id;
  return null;
end
$$;
revoke execute on function private.forget_deleted_units_flags() from public;
create trigger business_units_forget_flags after delete on public.business_units
  referencing old table as gone_units for each statement execute function private.forget_deleted_units_flags();

-- A unit marked counterfeit leaves the queue; one that stops being counterfeit is counted again.
create or replace function private.reflag_unit_on_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_unit_flags(array[new.id]);
  return null;
end
$$;
revoke execute on function private.reflag_unit_on_status() from public;
create trigger business_units_reflag after update of status on public.business_units
  for each row when ((old.status = 'counterfeit') is distinct from (new.status = 'counterfeit'))
  execute function private.reflag_unit_on_status();

-- A dismissal starts the unit's count again from that moment.
create or replace function private.reflag_unit_on_dismissal() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.item_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.refresh_unit_flags(array[new.item_id::uuid]);
  end if;
  return null;
end
$$;
revoke execute on function private.reflag_unit_on_dismissal() from public;
create trigger moderation_log_reflag after insert on public.moderation_log
  for each row when (new.queue = 'flagged' and new.action = 'dismiss')
  execute function private.reflag_unit_on_dismissal();

-- The flagged units, newest last scan first, before a cursor (last_scan_at, unit_id), at most
-- p_limit (null: all), with their counts of the window: read from the kept rows, the counts only
-- for the units returned.
drop function private.flagged_units();
create function private.flagged_units(
  p_before_at timestamptz default 'infinity',
  p_before_id uuid default 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  p_limit integer default null)
returns table (unit_id uuid, scans bigint, places bigint, shared_scans bigint, last_scan_at timestamptz)
language sql stable security definer set search_path = ''
as $$
  select f.unit_id, own.scans, own.places, shared.scans, f.last_scan_at
    from (select f.unit_id, f.last_scan_at from private.flagged_unit_signals f
           where f.flagged_until > now() and (f.last_scan_at, f.unit_id) < (p_before_at, p_before_id)
           order by f.last_scan_at desc, f.unit_id desc limit p_limit) f
    join public.business_units u on u.id = f.unit_id
    cross join lateral (
      select private.unit_flag_window_start(u.id) as t) since
    cross join lateral (
      select count(*) as scans, count(distinct s.scanner_hash) as places
        from public.business_unit_scans s where s.unit_id = f.unit_id and s.scanned_at > since.t) own
    cross join lateral (
      select count(*) as scans from public.business_unit_scans s
       where s.ambiguous and s.serial = u.serial and s.scanned_at > since.t) shared
   order by f.last_scan_at desc, f.unit_id desc
$$;
revoke execute on function private.flagged_units(timestamptz, uuid, integer) from public;

-- The tab counts and the queue read the kept rows: the queue one page through flagged_units, its
-- total at most 1,001 rows of the index (decision 0165).
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
    'flagged', (select count(*) from (select 1 from private.flagged_unit_signals f
                 where f.flagged_until > now() limit 1001) c),
    'assets', (select count(*) from (select 1 from public.moderation_reports r
                where r.target_kind = 'asset' and r.status = 'open' limit 1001) c),
    'contact', (select count(*) from (select 1 from public.contact_abuse_reports c
                 where c.status = 'open' limit 1001) c),
    'bans', case when private.is_admin()
              then (select count(*) from (select 1 from private.open_ban_requests() limit 1001) c) end);
end
$$;

-- RPC moderator_queue(p_queue, p_limit, p_after): one page of a queue, newest first, after a cursor.
create or replace function public.moderator_queue(p_queue text, p_limit integer default 20, p_after jsonb default null)
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
              'gtin_verified', private.gtin_verified(p)))) order by x.last_scan_at desc, x.unit_id desc), '[]')
        into v_rows
        from private.flagged_units(v_at, v_id, v_limit + 1) x
        join public.business_units u on u.id = x.unit_id
        join public.business_products p on p.id = u.product_id
        left join public.business_profiles b on b.business_id = u.business_id
        left join public.user_profiles up on up.id = u.business_id;
      select count(*) into v_total from (select 1 from private.flagged_unit_signals f
        where f.flagged_until > now() limit 1001) c;
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

select private.rebuild_unit_flags();
