-- The user's own account (issue 5): extra personal fields on user_profiles, persisted settings,
-- and the list of the caller's sign-in sessions.

-- Personal fields the Profile screen edits. Each has a length check; users may update only these
-- (plus full_name and avatar_url granted in 20261122000120), never role, business flag or e-mail.
alter table public.user_profiles
  add column phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,20}$'),
  add column country text check (country is null or char_length(country) between 1 and 80),
  add column bio text check (bio is null or char_length(bio) <= 500);

grant update (phone, country, bio) on public.user_profiles to authenticated;

-- An avatar is always an object in the caller's own folder of the avatars bucket (see
-- 20261122000501), never an arbitrary URL that would make every viewer load a third-party image.
alter table public.user_profiles
  add constraint user_profiles_avatar_url_own_object check (
    avatar_url is null
    or avatar_url like '%/storage/v1/object/public/avatars/' || id::text || '/%'
  );

-- One row per user. Created with the user (trigger below) so the client only ever updates.
create table public.user_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Account e-mails about activity on the user's own account (assets, referrals, wallet).
  email_notifications boolean not null default true,
  -- Product news and announcements.
  news_notifications boolean not null default false,
  -- Sign-in, password, e-mail and two-factor changes.
  security_alerts boolean not null default true,
  -- BCP 47 tag; the interface is English-only for now, so the UI offers 'en'.
  language text not null default 'en' check (language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$'),
  -- IANA zone name used to show dates and times to this user; null = the browser's zone.
  time_zone text check (time_zone is null or (char_length(time_zone) between 1 and 64 and time_zone ~ '^[A-Za-z0-9_+/-]+$')),
  -- Optional (non-essential) cookies and anonymous usage statistics: the product uses neither
  -- today, so both default to off and are recorded for when an operator adds them.
  cookie_consent boolean not null default false,
  analytics_consent boolean not null default false,
  updated_at timestamptz not null default now()
);

alter table public.user_settings enable row level security;

grant select on public.user_settings to authenticated, service_role;
grant update (email_notifications, news_notifications, security_alerts, language, time_zone, cookie_consent, analytics_consent)
  on public.user_settings to authenticated;
grant insert, update, delete on public.user_settings to service_role;

create policy "Users can read their own settings" on public.user_settings
  for select to authenticated using (user_id = auth.uid());
create policy "Users can update their own settings" on public.user_settings
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());

create trigger user_settings_touch before update on public.user_settings
  for each row execute function private.touch_updated_at();

create or replace function private.handle_new_user_settings() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.user_settings (user_id) values (new.id) on conflict (user_id) do nothing;
  return new;
end
$$;
revoke execute on function private.handle_new_user_settings() from public;

create trigger on_auth_user_created_settings after insert on auth.users
  for each row execute function private.handle_new_user_settings();

insert into public.user_settings (user_id) select u.id from auth.users u on conflict (user_id) do nothing;

-- For server code that sends optional mail: does this user want this kind of e-mail?
-- p_kind: 'email' (account activity), 'news', 'security'. Unknown users and kinds answer false.
create or replace function private.wants_email(p_user_id uuid, p_kind text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select case p_kind
             when 'email' then s.email_notifications
             when 'news' then s.news_notifications
             when 'security' then s.security_alerts
             else false
           end
      from public.user_settings s where s.user_id = p_user_id
  ), false)
$$;
revoke execute on function private.wants_email(uuid, text) from public;
grant execute on function private.wants_email(uuid, text) to service_role;

-- RPC list_my_sessions(): the caller's active sign-in sessions, newest activity first, and which
-- one made this request (the session_id claim of the access token). auth.sessions is never
-- granted to the API roles, so this narrow function is the only way to see it.
create or replace function public.list_my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  is_current boolean
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_current text := auth.jwt() ->> 'session_id';
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return query
    select s.id, s.created_at, s.updated_at, s.refreshed_at, s.user_agent, s.ip, s.aal,
           coalesce(s.id::text = v_current, false)
      from auth.sessions s
     where s.user_id = v_uid
       and (s.not_after is null or s.not_after > now())
     order by coalesce(s.refreshed_at, s.updated_at, s.created_at) desc, s.id;
end
$$;
revoke execute on function public.list_my_sessions() from public;
grant execute on function public.list_my_sessions() to authenticated;
