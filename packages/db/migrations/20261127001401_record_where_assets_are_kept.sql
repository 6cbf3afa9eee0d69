-- Where an asset is kept (issue 32, item 3; decision 0156). assets.location (free text, up to 300
-- characters) and share_location (the owner's per-asset opt-in to show it on public pages) exist
-- since the assets migration; this adds the coordinates the browser gives when the owner presses
-- "use my current position" (latitude, longitude and the accuracy radius in metres, all three or
-- none), and location_on_certificate, the owner's choice to print the place on the certificate.
--
-- Private by default: RLS already limits assets rows to their owner; what reaches anyone else goes
-- through security-definer functions. private.public_asset_json (public pages, public listings)
-- adds the coordinates only when share_location is on, as it already did for the text;
-- verify_serial (/verify) never returns the place. The coordinates are not part of
-- private.asset_record, the ledger's record of an asset: a private place must not be needed to
-- check a proof, and existing records keep their hashes.
--
-- The data export writes every column of the owner's assets (export section 'assets'), so the
-- new columns are exported without a change to private.export_sections; none of them names a user,
-- so private.personal_data (columns that name a user, decision 0153) has nothing new to declare.

alter table public.assets
  add column location_latitude double precision
    check (location_latitude is null or location_latitude between -90 and 90),
  add column location_longitude double precision
    check (location_longitude is null or location_longitude between -180 and 180),
  add column location_accuracy_m double precision
    check (location_accuracy_m is null or (location_accuracy_m >= 0 and location_accuracy_m <= 100000)),
  add column location_on_certificate boolean not null default false,
  add constraint assets_location_coordinates_together check (
    (location_latitude is null) = (location_longitude is null)
    and (location_latitude is not null or location_accuracy_m is null)
  );

grant update (location_latitude, location_longitude, location_accuracy_m, location_on_certificate)
  on public.assets to authenticated;

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
    'location_coordinates', case when a.share_location and a.location_latitude is not null then
      jsonb_build_object('latitude', a.location_latitude, 'longitude', a.location_longitude,
                         'accuracy_m', a.location_accuracy_m) end,
    'media', coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'kind', m.kind,
        'mime_type', m.mime_type, 'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds)
        order by m.position) from public.asset_media m where m.asset_id = a.id), '[]'::jsonb)
  )
$$;
revoke execute on function private.public_asset_json(public.assets) from public;
