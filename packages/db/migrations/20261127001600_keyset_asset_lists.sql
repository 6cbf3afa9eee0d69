-- Keyset pages for the asset lists (issue 33, decision 0165): the public gallery (search_public_assets)
-- and My Assets (search_my_assets) no longer take an offset. A page starts after a cursor — the last
-- row's sort key and id, `{"k": text, "id": uuid}` — and is read from an index in its order, so the
-- hundredth page reads as many rows as the first. Each answer carries `next`, the cursor of the page
-- after it (null on the last page), and a total counted up to 1,000 (`total_capped` when there are
-- more), so no page counts every matching row.

-- Ties on the sort key are broken by id in the same direction as the key, so one row comparison
-- `(key, id) < (cursor)` continues the order and an index on (key, id) serves it in either direction.
drop index public.assets_owner_created_idx;
create index assets_owner_created_idx on public.assets (owner_id, created_at, id);
create index assets_owner_title_idx on public.assets (owner_id, lower(title), id);
-- Value sorts put assets without a value last in both directions: their key is past every value
-- (values are 0 to 10¹² − 0.01, numeric(14, 2)).
create index assets_owner_value_asc_idx on public.assets (owner_id, coalesce(estimated_value, 1e12), id);
create index assets_owner_value_desc_idx on public.assets (owner_id, coalesce(estimated_value, -1), id);
drop index public.assets_public_created_idx;
create index assets_public_created_idx on public.assets (created_at, id) where privacy = 'public';
create index assets_public_title_idx on public.assets (lower(title), id) where privacy = 'public';

-- The sort key of a list sort, as SQL over the alias `a`, and the type its cursor text is read as.
create or replace function private.asset_sort_key(p_sort text, p_ascending boolean, out expr text, out cast_to text)
language sql immutable set search_path = ''
as $$
  select case p_sort
      when 'title' then 'lower(a.title)'
      when 'value' then case when p_ascending then 'coalesce(a.estimated_value, 1e12)' else 'coalesce(a.estimated_value, -1)' end
      else 'a.created_at' end,
    case p_sort when 'title' then 'text' when 'value' then 'numeric' else 'timestamptz' end
$$;
revoke execute on function private.asset_sort_key(text, boolean) from public;
grant execute on function private.asset_sort_key(text, boolean) to authenticated;

-- The cursor a caller sent, checked: an object with a text key and a uuid id, or null for the first page.
create or replace function private.checked_cursor(p_after jsonb) returns jsonb
language plpgsql immutable set search_path = ''
as $$
begin
  if p_after is null or p_after = 'null'::jsonb then return null; end if;
  if jsonb_typeof(p_after) <> 'object' or coalesce(jsonb_typeof(p_after -> 'k'), '') <> 'string'
     or coalesce(jsonb_typeof(p_after -> 'id'), '') <> 'string' then
    raise exception 'A page cursor is {"k": text, "id": uuid}' using errcode = '22023';
  end if;
  perform (p_after ->> 'id')::uuid;
  return p_after;
end
$$;
revoke execute on function private.checked_cursor(jsonb) from public;
-- Text and values only, no data: My Assets runs as the caller and needs it.
grant execute on function private.checked_cursor(jsonb) to authenticated;

-- Which assets a list holds, as SQL over `a` with the parameters $1 (like pattern), $2 (normalised
-- serial), $3 (kind), $4 (media kind) and, for My Assets, $7 (privacy) and $8 (status). My Assets
-- runs as the caller (RLS applies); its owner condition is spelled out too so the owner's indexes
-- serve the order.
create or replace function private.asset_list_filters(p_public boolean) returns text
language sql immutable set search_path = ''
as $$
  select case when p_public then 'a.privacy = ''public''' else 'a.owner_id = (select auth.uid())' end
    || ' and ($1::text is null or a.title ilike $1 or a.description ilike $1'
    || ' or exists (select 1 from unnest(a.tags) t where t ilike $1)'
    || ' or ($2::text is not null and a.serial_normalized like ''%'' || $2 || ''%'')'
    || case when p_public then '' else ' or a.sku ilike $1' end || ')'
    || ' and ($3::text is null or a.kind = $3)'
    || ' and ($4::text is null or exists (select 1 from public.asset_media m where m.asset_id = a.id and m.kind = $4))'
    || case when p_public then '' else ' and ($7::text is null or a.privacy = $7) and ($8::text is null or a.status = $8)' end
$$;
revoke execute on function private.asset_list_filters(boolean) from public;
-- Text and values only, no data: My Assets runs as the caller and needs it.
grant execute on function private.asset_list_filters(boolean) to authenticated;

-- The ids and cursor keys of one page, in order: up to $6 rows after the cursor $5 (null: from the
-- start). One row more than the page is asked for, to know whether a next page exists. Tests
-- EXPLAIN this text to check the plan walks an index without an offset or a sort.
create or replace function private.asset_page_sql(p_public boolean, p_sort text, p_ascending boolean) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_key record := private.asset_sort_key(p_sort, p_ascending);
  v_dir text := case when p_ascending then 'asc' else 'desc' end;
begin
  return format(
    'select a.id, %1$s::text as k from public.assets a
     where %2$s and ($5::jsonb is null or (%1$s, a.id) %3$s (($5 ->> ''k'')::%4$s, ($5 ->> ''id'')::uuid))
     order by %1$s %5$s, a.id %5$s limit $6::integer',
    v_key.expr, private.asset_list_filters(p_public), case when p_ascending then '>' else '<' end,
    v_key.cast_to, v_dir);
end
$$;
revoke execute on function private.asset_page_sql(boolean, text, boolean) from public;
-- Text and values only, no data: My Assets runs as the caller and needs it.
grant execute on function private.asset_page_sql(boolean, text, boolean) to authenticated;

-- How many assets a list holds, counting no further than 1,001.
create or replace function private.asset_count_sql(p_public boolean) returns text
language sql immutable set search_path = ''
as $$
  select 'select count(*) from (select 1 from public.assets a where ' || private.asset_list_filters(p_public)
    || ' limit 1001) c'
$$;
revoke execute on function private.asset_count_sql(boolean) from public;
-- Text and values only, no data: My Assets runs as the caller and needs it.
grant execute on function private.asset_count_sql(boolean) to authenticated;

-- A page's answer from up to limit + 1 rows `{k, id, row}` in order (k and id: the row's sort key and
-- id as text) and a count made with `limit 1001`.
create or replace function private.keyset_page(p_rows jsonb, p_limit integer, p_counted bigint) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object(
    'items', coalesce((select jsonb_agg(r -> 'row' order by n) from jsonb_array_elements(p_rows) with ordinality e(r, n)
      where n <= p_limit), '[]'::jsonb),
    'next', case when jsonb_array_length(p_rows) > p_limit
      then jsonb_build_object('k', p_rows -> (p_limit - 1) ->> 'k', 'id', p_rows -> (p_limit - 1) ->> 'id') end,
    'total', least(p_counted, 1000),
    'total_capped', p_counted > 1000)
$$;
revoke execute on function private.keyset_page(jsonb, integer, bigint) from public;
-- Text and values only, no data: My Assets runs as the caller and needs it.
grant execute on function private.keyset_page(jsonb, integer, bigint) to authenticated;

drop function public.search_public_assets(text, text, text, text, boolean, integer, integer);
create function public.search_public_assets(
  p_query text default null, p_kind text default null, p_media text default null,
  p_sort text default 'created_at', p_ascending boolean default false, p_limit integer default 24,
  p_after jsonb default null
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_like text := case when nullif(btrim(p_query), '') is null then null
    else '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_serial text := private.normalize_serial(p_query);
  v_limit integer := least(greatest(coalesce(p_limit, 24), 1), 100);
  v_page text := private.asset_page_sql(true, case when p_sort = 'title' then 'title' else 'created_at' end,
    coalesce(p_ascending, false));
  v_rows jsonb;
  v_total bigint;
begin
  execute 'select coalesce(jsonb_agg(jsonb_build_object(''k'', p.k, ''id'', p.id, ''row'', private.public_asset_json(a))
      order by p.n), ''[]'') from (select p.*, row_number() over () as n from (' || v_page || ') p) p
    join public.assets a on a.id = p.id'
  using v_like, v_serial, p_kind, p_media, private.checked_cursor(p_after), v_limit + 1
  into v_rows;
  execute private.asset_count_sql(true) using v_like, v_serial, p_kind, p_media into v_total;
  return private.keyset_page(v_rows, v_limit, v_total);
end
$$;
revoke execute on function public.search_public_assets(text, text, text, text, boolean, integer, jsonb) from public;
grant execute on function public.search_public_assets(text, text, text, text, boolean, integer, jsonb) to anon, authenticated;

drop function public.search_my_assets(text, text, text, text, text, text, boolean, integer, integer);
-- security invoker: RLS decides what the caller sees (their own assets).
create function public.search_my_assets(
  p_query text default null, p_kind text default null, p_privacy text default null, p_media text default null,
  p_status text default null, p_sort text default 'created_at', p_ascending boolean default false,
  p_limit integer default 24, p_after jsonb default null
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v_like text := case when nullif(btrim(p_query), '') is null then null
    else '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_serial text := private.normalize_serial(p_query);
  v_limit integer := least(greatest(coalesce(p_limit, 24), 1), 100);
  v_page text := private.asset_page_sql(false, case when p_sort in ('title', 'value') then p_sort else 'created_at' end,
    coalesce(p_ascending, false));
  v_rows jsonb;
  v_total bigint;
begin
  execute 'select coalesce(jsonb_agg(jsonb_build_object(''k'', p.k, ''id'', p.id, ''row'', (to_jsonb(a) - ''submission_id'')
      || jsonb_build_object(''media'', coalesce((
        select jsonb_agg(jsonb_build_object(''id'', m.id, ''object_name'', m.object_name, ''kind'', m.kind,
          ''mime_type'', m.mime_type, ''size_bytes'', m.size_bytes, ''sha256'', m.sha256,
          ''duration_seconds'', m.duration_seconds) order by m.position)
        from public.asset_media m where m.asset_id = a.id), ''[]''::jsonb))) order by p.n), ''[]'')
    from (select p.*, row_number() over () as n from (' || v_page || ') p) p
    join public.assets a on a.id = p.id'
  using v_like, v_serial, p_kind, p_media, private.checked_cursor(p_after), v_limit + 1, p_privacy, p_status
  into v_rows;
  execute private.asset_count_sql(false)
  using v_like, v_serial, p_kind, p_media, null::jsonb, null::integer, p_privacy, p_status
  into v_total;
  return private.keyset_page(v_rows, v_limit, v_total);
end
$$;
revoke execute on function public.search_my_assets(text, text, text, text, text, text, boolean, integer, jsonb) from public;
grant execute on function public.search_my_assets(text, text, text, text, text, text, boolean, integer, jsonb) to authenticated;
