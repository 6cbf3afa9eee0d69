-- auth.users with GoTrue-compatible column names (SUPABASE-PROTOCOL §A.13), so that app SQL
-- written for Supabase (triggers on auth.users, FKs to auth.users(id)) works unchanged.
-- The auth service reads and writes it as the owner; the API roles get no access.
create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255),
  email_change_confirm_status smallint not null default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  phone_confirmed_at timestamptz,
  phone_change text,
  phone_change_token varchar(255),
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  reauthentication_token varchar(255),
  reauthentication_sent_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);

create unique index users_email_partial_key on auth.users (lower(email)) where email is not null and email <> '' and not is_sso_user;
create index users_instance_id_idx on auth.users (instance_id);
create index users_created_at_idx on auth.users (created_at);
alter table auth.users enable row level security;
