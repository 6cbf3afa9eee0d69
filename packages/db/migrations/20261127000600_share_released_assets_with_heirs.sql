-- Heirs receive what was left to them, not only its title (issue 28, item 2). After a release, a
-- next of kin who accepted reads each asset chosen for them — by kind (receives_kinds) or one by
-- one (receives_assets) — with its files, its history in the asset ledger and its proof, for the
-- "view" and "inherit" levels alike. Nobody else does: not another next of kin of the same owner
-- who was given other assets, not a stranger, not anonymous callers.
--
-- The rule lives in one function, private.released_to(); the heir's answer, the files' URLs
-- (apps/server/src/functions/legacy-asset.ts, checked again on every download by
-- storage/public-media-routes.ts), the certificate and the archive all ask it.

-- Is this asset released to this user? The same condition legacy_released_to_me() lists assets by:
-- an accepted next of kin of the asset's current owner, whose switch released, chose it.
create or replace function private.released_to(p_user uuid, p_asset uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_user is not null and exists (
    select 1
      from public.assets a
      join public.next_of_kin k on k.user_id = a.owner_id
      join public.legacy_switches s on s.user_id = k.user_id and s.released_at is not null
     where a.id = p_asset and k.kin_user_id = p_user and k.status = 'accepted'
       and (a.kind = any (k.receives_kinds) or a.id = any (k.receives_assets)))
$$;
revoke execute on function private.released_to(uuid, uuid) from public;
grant execute on function private.released_to(uuid, uuid) to service_role;

-- The stored object of one file, for the heir a download URL was signed for; null when the file's
-- asset is not (or no longer) released to them. The storage route asks on every request, so a URL
-- stops working as soon as the release stops covering its asset (the owner is back and removed the
-- asset from the list, the next of kin was removed, the asset changed hands).
create or replace function private.legacy_media_object(p_media_id uuid, p_heir uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select m.object_name from public.asset_media m
   where m.id = p_media_id and private.released_to(p_heir, m.asset_id)
$$;
revoke execute on function private.legacy_media_object(uuid, uuid) from public;
grant execute on function private.legacy_media_object(uuid, uuid) to service_role;

-- One released asset as its heir sees it: every detail the owner recorded (the instructions for
-- heirs included), its files' fingerprints (by media id: object names stay on the server), its
-- history (the asset's ledger entries, hashes only, no owner ids) and its proof (the latest
-- entry, whether it recomputes, whether the record still matches, the signed checkpoint covering
-- it, and the record the hash is over). Null when the asset is not released to the caller — the
-- same answer for an asset that does not exist, so the call tells a stranger nothing.
create or replace function public.legacy_released_asset(p_asset uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  a public.assets;
begin
  perform private.require_aal_satisfied();
  if not private.released_to(auth.uid(), p_asset) then
    return null;
  end if;
  select * into a from public.assets where id = p_asset;
  return jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'title', a.title, 'description', a.description, 'tags', to_jsonb(a.tags),
    'status', a.status, 'serial_number', a.serial_number, 'make', a.make, 'model', a.model,
    'purchase_date', a.purchase_date, 'purchase_price', a.purchase_price,
    'estimated_value', a.estimated_value, 'currency', a.currency, 'location', a.location,
    'asset_url', a.asset_url, 'content_hash', a.content_hash, 'chain', a.chain,
    'contract_address', a.contract_address, 'token_id', a.token_id, 'sku', a.sku, 'quantity', a.quantity,
    'heir_instructions', a.heir_instructions, 'registered_at', private.ledger_time(a.created_at),
    'media', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'kind', m.kind, 'mime_type', m.mime_type,
          'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds,
          'position', m.position) order by m.position, m.created_at)
        from public.asset_media m where m.asset_id = a.id), '[]'),
    'history', coalesce((
      select jsonb_agg(jsonb_build_object('seq', l.seq, 'event', l.event, 'record_hash', l.record_hash,
          'prev_hash', l.prev_hash, 'entry_hash', l.entry_hash, 'created_at', private.ledger_time(l.created_at))
          order by l.seq)
        from public.asset_ledger l where l.asset_id = a.id), '[]'),
    'proof', private.asset_proof(a) || jsonb_build_object('record', private.asset_record(a)));
end
$$;
revoke execute on function public.legacy_released_asset(uuid) from public;
grant execute on function public.legacy_released_asset(uuid) to authenticated;
