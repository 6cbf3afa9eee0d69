-- Security issue, hole 10: every signed-in user could read the e-mail address of every author of
-- a published article through public.article_authors. Readers get the name only. The copy of
-- the e-mail goes: column privileges are per role, and readers and admins are the same database
-- role (authenticated), so a column readers must not see cannot live in a table they read.
-- Admins still see authors' e-mails, from public.user_profiles (their policy there reads every
-- row), by embedding through the same key: author:article_authors(full_name, profile:user_profiles(email)).

create or replace function private.ensure_article_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.author_id is not null then
    insert into public.article_authors (id, full_name)
    select p.id, p.full_name from public.user_profiles p where p.id = new.author_id
    on conflict (id) do update set full_name = excluded.full_name;
  end if;
  return new;
end
$$;

create or replace function private.sync_article_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.article_authors set full_name = new.full_name where id = new.id;
  return new;
end
$$;

revoke execute on function private.ensure_article_author(), private.sync_article_author() from public;

drop trigger user_profiles_sync_article_author on public.user_profiles;
create trigger user_profiles_sync_article_author after update of full_name on public.user_profiles
  for each row when (old.full_name is distinct from new.full_name)
  execute function private.sync_article_author();

alter table public.article_authors drop column email;
