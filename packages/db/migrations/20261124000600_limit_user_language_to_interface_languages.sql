-- Issue 17: the interface speaks English and French. user_settings.language (created in
-- 20261122000500, readable and writable by its owner only, under the two-factor rule of
-- 20261123000900) is the account's language: the app switches to it at sign-in and the server writes
-- the user's e-mails and certificates in it. It may now hold only a language the product speaks.
update public.user_settings set language = 'en' where language not in ('en', 'fr');

alter table public.user_settings drop constraint if exists user_settings_language_check;
alter table public.user_settings
  add constraint user_settings_language_check check (language in ('en', 'fr'));

-- A new account starts in the language the visitor signed up in (sign-up metadata "language",
-- written by the client and therefore only a preference: anything but 'fr' means English).
create or replace function private.handle_new_user_settings() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.user_settings (user_id, language)
  values (
    new.id,
    case when new.raw_user_meta_data ->> 'language' = 'fr' then 'fr' else 'en' end
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;
revoke execute on function private.handle_new_user_settings() from public;

-- For server code that writes to a user (mail, certificates): the user's language, English for
-- unknown users. Looked up by id, or by an address the user has or is changing to.
create or replace function private.user_language(p_user_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce((select s.language from public.user_settings s where s.user_id = p_user_id), 'en')
$$;
revoke execute on function private.user_language(uuid) from public;
grant execute on function private.user_language(uuid) to service_role;

create or replace function private.user_language_by_email(p_email text) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select s.language
      from auth.users u
      join public.user_settings s on s.user_id = u.id
     where lower(u.email) = lower(p_email) or lower(u.email_change) = lower(p_email)
     order by (lower(u.email) = lower(p_email)) desc
     limit 1
  ), 'en')
$$;
revoke execute on function private.user_language_by_email(text) from public;
grant execute on function private.user_language_by_email(text) to service_role;
