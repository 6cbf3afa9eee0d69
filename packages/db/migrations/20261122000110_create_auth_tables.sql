-- Auth service tables (GoTrue-compatible names, SUPABASE-PROTOCOL §A.6, §A.13). The auth service
-- reads and writes them as the owner; the API roles get no privileges at all, so a signed-in user
-- can never read sessions, refresh tokens, factor secrets or flow states through /rest/v1.

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email);

-- Columns exactly as the cross-area contract lists them.
create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  factor_id uuid,
  not_after timestamptz,
  user_agent text,
  ip text,
  tag text
);
create index sessions_user_id_idx on auth.sessions (user_id, created_at);

-- A chain of refresh tokens per session. `parent` is the token this one replaced; a revoked
-- token presented again is either a lost response (inside the reuse window) or theft.
create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- PKCE flow states (§A.5.4): one per e-mail flow started with a code_challenge.
create table auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null unique,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null default 'email',
  provider_access_token text,
  provider_refresh_token text,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);
create index flow_state_user_method_idx on auth.flow_state (user_id, authentication_method, created_at desc);
create index flow_state_created_at_idx on auth.flow_state (created_at);

create table auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text,
  phone text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id, created_at);
create unique index mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name)
  where friendly_name is not null and friendly_name <> '';

create table auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text
);
create index mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

-- The authentication methods of a session, newest first in the JWT's amr claim.
create table auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

create table auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  payload json,
  created_at timestamptz not null default now(),
  ip_address varchar(64) not null default ''
);
create index audit_log_entries_created_at_idx on auth.audit_log_entries (created_at);

-- No API role touches these tables: RLS on (with no policies, nothing is visible even if a grant
-- were added by mistake) and every privilege revoked explicitly.
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.audit_log_entries enable row level security;

revoke all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.flow_state,
  auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims, auth.audit_log_entries
  from public, anon, authenticated, service_role;
revoke all on sequence auth.refresh_tokens_id_seq from public, anon, authenticated, service_role;
