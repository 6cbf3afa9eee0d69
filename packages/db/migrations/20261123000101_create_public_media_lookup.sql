-- Security issue, hole 12: URLs for the files of public assets were signed storage URLs naming the
-- object (<owner uid>/pending/<uuid>.<ext>), so they told who owns the asset, and they kept working
-- for their whole life after the asset was made private. They are now /storage/v1/media/<media id>
-- URLs whose token names only the media id, and every request asks this function again whether
-- the file's asset is public (see apps/server/src/storage/public-media-routes.ts, decision 0060).
create or replace function private.public_media_object(p_media_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select m.object_name from public.asset_media m join public.assets a on a.id = m.asset_id
  where m.id = p_media_id and a.privacy = 'public'
$$;
revoke execute on function private.public_media_object(uuid) from public;
grant execute on function private.public_media_object(uuid) to service_role;
