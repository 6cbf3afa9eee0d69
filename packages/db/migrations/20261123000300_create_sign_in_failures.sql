-- Failed password sign-ins per (client address, e-mail) — security issue, hole 7. The auth server
-- backs off an address that keeps failing for one account, and one that fails across many
-- accounts, without ever refusing the owner who signs in from an address that has not been
-- failing. In PostgreSQL, not process memory, so every server process sees the same counts.
create table private.sign_in_failures (
  ip text not null,
  email text not null,
  failures integer not null check (failures > 0),
  last_failure_at timestamptz not null default now(),
  blocked_until timestamptz,
  primary key (ip, email)
);
create index sign_in_failures_last_failure_idx on private.sign_in_failures (last_failure_at);

-- Only the server (the table owner) reads and writes it: RLS on, no policies, no grants.
alter table private.sign_in_failures enable row level security;
revoke all on private.sign_in_failures from public, anon, authenticated, service_role;
