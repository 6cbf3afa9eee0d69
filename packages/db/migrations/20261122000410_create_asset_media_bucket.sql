-- The private bucket for asset photos, videos and documents, and who may touch its objects.
-- Uploads go to <uid>/pending/<uuid>.<ext>; register_asset links them to an asset. Objects are
-- never updated (no UPDATE policy: the bytes a ledger entry fingerprints cannot be swapped), and an
-- owner may delete only uploads not yet registered (registered files go with their asset, through
-- the delete-asset function).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('asset-media', 'asset-media', false, 104857600, array[
  'image/jpeg', 'image/png', 'image/webp', 'image/heic',
  'video/mp4', 'video/quicktime', 'video/webm',
  'application/pdf'
]::text[])
on conflict (id) do nothing;

create or replace function private.asset_media_is_public(p_name text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.asset_media m join public.assets a on a.id = m.asset_id
    where m.object_name = p_name and a.privacy = 'public'
  )
$$;
create or replace function private.asset_media_is_registered(p_name text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.asset_media m where m.object_name = p_name)
$$;
revoke execute on function private.asset_media_is_public(text), private.asset_media_is_registered(text) from public;
grant execute on function private.asset_media_is_public(text), private.asset_media_is_registered(text)
  to anon, authenticated, service_role;

create policy "Users can upload asset media into their own pending folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'asset-media'
    and (storage.foldername(name))[1] = auth.uid()::text
    and (storage.foldername(name))[2] = 'pending'
  );
create policy "Users can read their own asset media" on storage.objects
  for select to authenticated
  using (bucket_id = 'asset-media' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Anyone can read the media of public assets" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'asset-media' and private.asset_media_is_public(name));
create policy "Users can delete their unregistered uploads" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'asset-media'
    and (storage.foldername(name))[1] = auth.uid()::text
    and not private.asset_media_is_registered(name)
  );
