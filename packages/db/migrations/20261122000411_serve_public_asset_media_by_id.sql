-- Public media are served by the public-asset-media function (signed URLs by media id), not by a
-- storage policy: object names start with the owner's user id, so exposing them (or letting
-- anyone list the bucket's folders) would reveal who owns which public assets.
drop policy "Anyone can read the media of public assets" on storage.objects;

create or replace function private.public_asset_json(a public.assets) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'title', a.title, 'description', a.description, 'tags', to_jsonb(a.tags),
    'status', a.status, 'serial_number', a.serial_number, 'make', a.make, 'model', a.model,
    'asset_url', a.asset_url, 'chain', a.chain, 'contract_address', a.contract_address, 'token_id', a.token_id,
    'sku', a.sku, 'created_at', a.created_at,
    'estimated_value', case when a.share_value then a.estimated_value end,
    'currency', case when a.share_value then a.currency end,
    'location', case when a.share_location then a.location end,
    'media', coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'kind', m.kind,
        'mime_type', m.mime_type, 'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds)
        order by m.position) from public.asset_media m where m.asset_id = a.id), '[]'::jsonb)
  )
$$;
revoke execute on function private.public_asset_json(public.assets) from public;
