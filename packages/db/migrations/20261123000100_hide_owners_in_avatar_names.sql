-- Security issue, hole 12: public avatar URLs were /storage/v1/object/public/avatars/<uid>/<file>,
-- so every shown avatar told the world its owner's user id. From now on an avatar object is named
-- <random uuid>.<ext> at the top of the bucket and belongs to its uploader through owner_id (which
-- the storage server sets from the caller's token, never from the request). Existing avatars are
-- renamed below and the profiles pointing at them follow. See docs/decisions/0060.

drop policy "Users can see their own avatar files" on storage.objects;
drop policy "Users can upload avatars into their own folder" on storage.objects;
drop policy "Users can replace avatars in their own folder" on storage.objects;
drop policy "Users can delete avatars in their own folder" on storage.objects;

-- The only shape of an avatar name: no folder, no owner, nothing the user chose.
create or replace function private.is_avatar_name(p_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif|img)$'
$$;
revoke execute on function private.is_avatar_name(text) from public;
grant execute on function private.is_avatar_name(text) to authenticated, service_role;

-- Public reading goes through /storage/v1/object/public (bucket is public); these let the owner
-- list and delete their own files. No UPDATE policy: a new picture is a new object.
create policy "Users can see their own avatar files" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);

create policy "Users can upload avatars under an anonymous name" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars' and owner_id = (select auth.uid())::text and private.is_avatar_name(name)
    -- A random name, not the one random-looking name that is the user's own id.
    and storage.filename(name) not like (select auth.uid())::text || '.%'
  );

create policy "Users can delete their own avatar files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);

-- Renames avatars stored under <uid>/… to anonymous names and repoints the profiles using them.
-- A function (not a one-off block) so that the database tests can run it on planted legacy rows.
create or replace function private.rename_legacy_avatars() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_obj record;
  v_ext text;
  v_new text;
  v_count integer := 0;
begin
  for v_obj in
    select o.id, o.name, split_part(o.name, '/', 1) as folder from storage.objects o
    where o.bucket_id = 'avatars' and not private.is_avatar_name(o.name)
      and split_part(o.name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    for update
  loop
    v_ext := lower(storage.extension(v_obj.name));
    if v_ext = 'jpeg' then v_ext := 'jpg'; end if;
    if v_ext not in ('jpg', 'png', 'webp', 'gif') then v_ext := 'img'; end if;
    v_new := pg_catalog.gen_random_uuid()::text || '.' || v_ext;
    update storage.objects
       set name = v_new,
           owner_id = coalesce(owner_id, v_obj.folder),
           owner = coalesce(owner, v_obj.folder::uuid),
           updated_at = now()
     where id = v_obj.id;
    update public.user_profiles p
       set avatar_url = pg_catalog.regexp_replace(p.avatar_url, '/storage/v1/object/public/avatars/.*$', '/storage/v1/object/public/avatars/' || v_new)
     where p.id::text = v_obj.folder
       and p.avatar_url like '%/storage/v1/object/public/avatars/' || pg_catalog.replace(pg_catalog.replace(v_obj.name, '%', '\%'), '_', '\_');
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
revoke execute on function private.rename_legacy_avatars() from public;

-- The old rule (URL under /avatars/<own uid>/) cannot hold any more; the new one needs a lookup,
-- so it is a trigger: avatar_url is null or the public URL of an avatar object this user owns.
alter table public.user_profiles drop constraint user_profiles_avatar_url_own_object;

select private.rename_legacy_avatars();

create or replace function private.check_avatar_url() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_name text;
begin
  if new.avatar_url is null then
    return new;
  end if;
  v_name := substring(new.avatar_url from '^https?://[^/?#]+/storage/v1/object/public/avatars/([^/?#]+)$');
  if v_name is null or not exists (
    select 1 from storage.objects o where o.bucket_id = 'avatars' and o.name = v_name and o.owner_id = new.id::text
  ) then
    raise exception 'The avatar must be a picture you uploaded' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function private.check_avatar_url() from public;

create trigger user_profiles_avatar_url_own_object
  before insert or update of avatar_url on public.user_profiles
  for each row execute function private.check_avatar_url();
