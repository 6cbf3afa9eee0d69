-- public.user_profiles (SPEC §3): one row per auth user, created by the database when the
-- auth user is created. Users read and edit only their own row and only the personal columns;
-- role, is_business_user and email are written by the database (admin functions, triggers).
create table public.user_profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  role text not null default 'standard' check (role in ('standard', 'moderator', 'admin')),
  is_business_user boolean not null default false,
  full_name text check (full_name is null or char_length(full_name) <= 200),
  avatar_url text check (avatar_url is null or char_length(avatar_url) <= 1000),
  last_active_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index user_profiles_role_idx on public.user_profiles (role) where role <> 'standard';
create index user_profiles_created_at_idx on public.user_profiles (created_at);

alter table public.user_profiles enable row level security;

-- Helpers for policies. security definer so that a policy on user_profiles can ask about the
-- caller's role without recursing into user_profiles' own policies.
create or replace function private.current_user_role() returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce((select p.role from public.user_profiles p where p.id = auth.uid()), 'standard')
$$;

create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.role() = 'service_role' or private.current_user_role() = 'admin'
$$;

create or replace function private.is_moderator_or_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.role() = 'service_role' or private.current_user_role() in ('moderator', 'admin')
$$;

grant execute on function private.current_user_role(), private.is_admin(), private.is_moderator_or_admin()
  to anon, authenticated, service_role;

grant select on public.user_profiles to authenticated, service_role;
grant update (full_name, avatar_url) on public.user_profiles to authenticated;
grant insert, update, delete on public.user_profiles to service_role;

create policy "Users can read their own profile" on public.user_profiles
  for select to authenticated using (id = auth.uid());
create policy "Admins can read all profiles" on public.user_profiles
  for select to authenticated using (private.is_admin());
create policy "Users can update their own profile" on public.user_profiles
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger user_profiles_touch before update on public.user_profiles
  for each row execute function private.touch_updated_at();

-- Profile rows follow auth users: created with them, e-mail kept in sync.
create or replace function private.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.user_profiles (id, email, full_name)
  values (
    new.id,
    new.email,
    nullif(left(coalesce(new.raw_user_meta_data ->> 'full_name', ''), 200), '')
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create or replace function private.sync_auth_user_email() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.user_profiles set email = new.email where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_auth_user_email();

-- RPC update_user_activity(): records the caller's last activity (SPEC §7). No payload.
create or replace function public.update_user_activity() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  update public.user_profiles set last_active_at = now() where id = auth.uid();
end
$$;

revoke execute on function public.update_user_activity() from public;
grant execute on function public.update_user_activity() to authenticated;
