-- Adding files (a receipt found later, a warranty, new photos) to an existing asset. Same rules
-- as registration: the caller's own unregistered uploads only, type/size/SHA-256 from the storage
-- metadata, video length from the server, the price from the pricing table — charged as the
-- difference between the price of the asset with and without the new files (so "first photo"
-- rates apply only if the asset has none yet, and no registration fee) — through ledger_post in
-- the same transaction, and an 'edit' entry in the asset ledger. Called by the add-asset-media
-- server function as service_role.

-- One upload checked and described (shared shape with register_asset's checks).
create or replace function private.inspect_asset_upload(p_owner uuid, p_name text, p_duration numeric)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_obj record;
  v_mime text;
  v_size bigint;
  v_sha text;
  v_kind text;
  v_limit bigint;
begin
  if p_name is null or p_name !~ ('^' || p_owner::text || '/pending/[0-9a-f-]{36}\.[a-z0-9]{1,5}$') then
    raise exception 'File % is not one of your uploads', coalesce(p_name, '(none)') using errcode = '42501';
  end if;
  select o.name, o.metadata into v_obj from storage.objects o
    where o.bucket_id = 'asset-media' and o.name = p_name for update;
  if v_obj.name is null then
    raise exception 'File % was not uploaded', p_name using errcode = '22023';
  end if;
  if exists (select 1 from public.asset_media m where m.object_name = p_name) then
    raise exception 'File % already belongs to an asset', p_name using errcode = '22023';
  end if;
  v_mime := lower(v_obj.metadata ->> 'mimetype');
  v_size := (v_obj.metadata ->> 'size')::bigint;
  v_sha := lower(v_obj.metadata ->> 'sha256');
  if v_sha is null or v_sha !~ '^[0-9a-f]{64}$' then
    raise exception 'File % has no fingerprint', p_name using errcode = '22023';
  end if;
  v_kind := case
    when v_mime in ('image/jpeg', 'image/png', 'image/webp', 'image/heic') then 'photo'
    when v_mime in ('video/mp4', 'video/quicktime', 'video/webm') then 'video'
    when v_mime = 'application/pdf' then 'document'
  end;
  if v_kind is null then
    raise exception 'File type % is not accepted', coalesce(v_mime, 'unknown') using errcode = '22023';
  end if;
  v_limit := case v_kind when 'video' then 100 * 1024 * 1024 else 15 * 1024 * 1024 end;
  if v_size is null or v_size > v_limit then
    raise exception 'File % is larger than % MB', p_name, v_limit / 1024 / 1024 using errcode = '22023';
  end if;
  return jsonb_build_object('name', p_name, 'kind', v_kind, 'mime', v_mime, 'size', v_size, 'sha256', v_sha,
    'duration', case when v_kind = 'video' then p_duration end);
end
$$;
revoke execute on function private.inspect_asset_upload(uuid, text, numeric) from public;

create or replace function private.add_asset_media(
  p_owner uuid, p_asset_id uuid, p_submission_id uuid, p_media jsonb, p_expected_cost bigint default null
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_asset public.assets;
  v_item jsonb;
  v_new jsonb := '[]'::jsonb;
  v_photos integer;
  v_docs integer;
  v_videos numeric[];
  v_add_photos integer := 0;
  v_add_docs integer := 0;
  v_add_videos numeric[] := '{}';
  v_before bigint;
  v_after jsonb;
  v_cost bigint;
  v_pos integer;
  v_entry public.asset_ledger;
begin
  if p_owner is null or p_asset_id is null or p_submission_id is null then
    raise exception 'owner, asset and submission id are required' using errcode = '22023';
  end if;
  select * into v_asset from public.assets where id = p_asset_id for update;
  if v_asset.id is null or v_asset.owner_id <> p_owner then
    raise exception 'Asset not found' using errcode = 'P0002';
  end if;
  if jsonb_typeof(coalesce(p_media, 'null'::jsonb)) <> 'array' or jsonb_array_length(p_media) = 0 then
    raise exception 'Choose at least one file' using errcode = '22023';
  end if;

  -- A retry of a submission that already succeeded: every file is already on this asset.
  if not exists (
    select 1 from jsonb_array_elements(p_media) e
    where not exists (select 1 from public.asset_media m where m.object_name = e ->> 'name' and m.asset_id = p_asset_id)
  ) then
    return jsonb_build_object('asset_id', p_asset_id, 'replayed', true);
  end if;

  select count(*) filter (where kind = 'photo'), count(*) filter (where kind = 'document'),
         coalesce(array_agg(duration_seconds) filter (where kind = 'video'), '{}')
    into v_photos, v_docs, v_videos
  from public.asset_media where asset_id = p_asset_id;
  if v_photos + v_docs + cardinality(v_videos) + jsonb_array_length(p_media) > 20 then
    raise exception 'At most 20 files per asset' using errcode = '22023';
  end if;
  if (select count(distinct e ->> 'name') from jsonb_array_elements(p_media) e) <> jsonb_array_length(p_media) then
    raise exception 'The same file is listed twice' using errcode = '22023';
  end if;

  for v_item in select * from jsonb_array_elements(p_media) loop
    v_item := private.inspect_asset_upload(p_owner, v_item ->> 'name', nullif(v_item ->> 'duration_seconds', '')::numeric);
    v_new := v_new || v_item;
    if v_item ->> 'kind' = 'photo' then
      v_add_photos := v_add_photos + 1;
    elsif v_item ->> 'kind' = 'document' then
      v_add_docs := v_add_docs + 1;
    else
      v_add_videos := v_add_videos || (v_item ->> 'duration')::numeric;
    end if;
  end loop;

  v_before := (private.asset_price(v_photos, v_docs, v_videos) ->> 'total')::bigint;
  v_after := private.asset_price(v_photos + v_add_photos, v_docs + v_add_docs, v_videos || v_add_videos);
  v_cost := (v_after ->> 'total')::bigint - v_before;
  if p_expected_cost is not null and p_expected_cost <> v_cost then
    raise exception 'The price for these files is % TMT', v_cost using errcode = 'PT409',
      detail = jsonb_build_object('total', v_cost, 'lines', '[]'::jsonb)::text;
  end if;

  select coalesce(max(position), -1) + 1 into v_pos from public.asset_media where asset_id = p_asset_id;
  insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256, duration_seconds, position)
  select p_asset_id, p_owner, e ->> 'name', e ->> 'kind', e ->> 'mime', (e ->> 'size')::bigint, e ->> 'sha256',
         (e ->> 'duration')::numeric, v_pos + (ord - 1)::integer
  from jsonb_array_elements(v_new) with ordinality as t(e, ord);

  if v_cost > 0 then
    perform private.ledger_post(p_owner, -v_cost, 'asset_media', 'Added files to: ' || left(v_asset.title, 100),
      'asset:' || p_asset_id::text, 'asset_media:' || p_submission_id::text);
  end if;

  select * into v_asset from public.assets where id = p_asset_id;
  v_entry := private.append_asset_ledger(v_asset, 'edit');
  return jsonb_build_object('asset_id', p_asset_id, 'cost', v_cost, 'added', jsonb_array_length(v_new),
    'ledger_seq', v_entry.seq, 'replayed', false);
end
$$;
revoke execute on function private.add_asset_media(uuid, uuid, uuid, jsonb, bigint) from public;
grant execute on function private.add_asset_media(uuid, uuid, uuid, jsonb, bigint) to service_role;

-- The price of adding files, for the screen before the upload (same difference as the charge).
create or replace function public.quote_added_media(p_asset_id uuid, p_photos integer default 0, p_documents integer default 0,
  p_video_seconds numeric[] default '{}')
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_photos integer;
  v_docs integer;
  v_videos numeric[];
  v_before bigint;
  v_after bigint;
begin
  if not exists (select 1 from public.assets a where a.id = p_asset_id and a.owner_id = auth.uid()) then
    raise exception 'Asset not found' using errcode = 'P0002';
  end if;
  select count(*) filter (where kind = 'photo'), count(*) filter (where kind = 'document'),
         coalesce(array_agg(duration_seconds) filter (where kind = 'video'), '{}')
    into v_photos, v_docs, v_videos
  from public.asset_media where asset_id = p_asset_id;
  v_before := (private.asset_price(v_photos, v_docs, v_videos) ->> 'total')::bigint;
  v_after := (private.asset_price(v_photos + coalesce(p_photos, 0), v_docs + coalesce(p_documents, 0),
    v_videos || coalesce(p_video_seconds, '{}')) ->> 'total')::bigint;
  return jsonb_build_object('total', v_after - v_before);
end
$$;
revoke execute on function public.quote_added_media(uuid, integer, integer, numeric[]) from public;
grant execute on function public.quote_added_media(uuid, integer, integer, numeric[]) to authenticated;
