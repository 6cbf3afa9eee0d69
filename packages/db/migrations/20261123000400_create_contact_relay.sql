-- The contact-owner relay, hardened (security issue, hole 6): a visitor's message waits in
-- public.contact_requests until its sender opens the confirmation link mailed to the address they
-- gave; only then is it relayed (public.asset_messages). Owners can block a sender (their later
-- messages are silently not relayed) and report abuse to moderators.

-- The sender's identity for limits and blocks: the address lower-cased with any "+tag" removed,
-- so one mailbox cannot pose as many senders. Immutable (used in a generated column).
create or replace function private.contact_sender_key(p_email text) returns text
language sql immutable set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.btrim(p_email)), '\+[^@]*@', '@')
$$;
revoke execute on function private.contact_sender_key(text) from public;
grant execute on function private.contact_sender_key(text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Pending messages. They hold a stranger's address, name and text before anyone vouched for
-- them, so only the service role (the contact-owner function) may touch them: no grants and no
-- policies for anon or authenticated. Only the SHA-256 of the confirmation token is kept.
create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references public.assets (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  sender_name text check (sender_name is null or char_length(sender_name) <= 100),
  sender_email text not null check (char_length(sender_email) <= 254),
  sender_key text generated always as (private.contact_sender_key(sender_email)) stored,
  message text not null check (char_length(btrim(message)) between 1 and 2000),
  sender_ip text,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  -- What confirming did: relayed, or silently dropped because the owner blocked the sender.
  outcome text check (outcome in ('relayed', 'blocked')),
  message_id uuid references public.asset_messages (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((confirmed_at is null) = (outcome is null))
);
create index contact_requests_created_idx on public.contact_requests (created_at);
alter table public.contact_requests enable row level security;
revoke all on public.contact_requests from anon, authenticated;
grant select, insert, update, delete on public.contact_requests to service_role;

-- ---------------------------------------------------------------------------------------------
-- Senders an owner blocked. The owner sees the name the sender gave and the item it was about,
-- never the address (sender_key is not granted), and unblocks by deleting the row. Rows are
-- added only through public.block_contact_sender(), which takes the key from a relayed message.
create table public.contact_blocked_senders (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  sender_key text not null check (char_length(sender_key) <= 254),
  sender_name text check (sender_name is null or char_length(sender_name) <= 100),
  asset_title text check (asset_title is null or char_length(asset_title) <= 200),
  created_at timestamptz not null default now(),
  unique (owner_id, sender_key)
);
alter table public.contact_blocked_senders enable row level security;
revoke all on public.contact_blocked_senders from anon, authenticated;
grant select (id, owner_id, sender_name, asset_title, created_at), delete on public.contact_blocked_senders to authenticated;
grant select, insert, update, delete on public.contact_blocked_senders to service_role;
create policy "Owners read the senders they blocked" on public.contact_blocked_senders
  for select to authenticated using (owner_id = auth.uid());
create policy "Owners unblock their blocked senders" on public.contact_blocked_senders
  for delete to authenticated using (owner_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- Abuse reports about relayed messages, for the moderator queue. A copy of the message is kept
-- so moderators can judge it after the owner deletes the item. The reporter reads their own
-- reports; moderators and admins read all. The sender's key is for moderators' tools (service
-- role), not granted to any user.
create table public.contact_abuse_reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references auth.users (id) on delete cascade,
  message_id uuid references public.asset_messages (id) on delete set null,
  sender_key text not null check (char_length(sender_key) <= 254),
  sender_name text check (sender_name is null or char_length(sender_name) <= 100),
  message text not null check (char_length(message) <= 2000),
  reason text check (reason is null or char_length(reason) <= 1000),
  status text not null default 'open' check (status in ('open', 'reviewed', 'dismissed')),
  created_at timestamptz not null default now(),
  unique (reporter_id, message_id)
);
create index contact_abuse_reports_status_idx on public.contact_abuse_reports (status, created_at);
alter table public.contact_abuse_reports enable row level security;
revoke all on public.contact_abuse_reports from anon, authenticated;
grant select (id, reporter_id, message_id, sender_name, message, reason, status, created_at)
  on public.contact_abuse_reports to authenticated;
grant select, insert, update, delete on public.contact_abuse_reports to service_role;
create policy "Reporters read their own reports" on public.contact_abuse_reports
  for select to authenticated using (reporter_id = auth.uid());
create policy "Moderators and admins read all reports" on public.contact_abuse_reports
  for select to authenticated using (private.is_moderator_or_admin());

-- ---------------------------------------------------------------------------------------------
-- Owner actions on a relayed message. Security definer because the owner may not read the
-- sender's address; each checks that the caller owns the message.

create or replace function public.block_contact_sender(p_message_id uuid) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_owner uuid;
  v_key text;
  v_name text;
  v_title text;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in to block a sender' using errcode = '42501';
  end if;
  select m.owner_id, private.contact_sender_key(m.sender_email), m.sender_name, a.title
    into v_owner, v_key, v_name, v_title
    from public.asset_messages m join public.assets a on a.id = m.asset_id
   where m.id = p_message_id;
  if v_owner is null or v_owner <> v_uid then
    raise exception 'Message not found' using errcode = 'P0002';
  end if;
  insert into public.contact_blocked_senders (owner_id, sender_key, sender_name, asset_title)
  values (v_uid, v_key, v_name, pg_catalog.left(v_title, 200))
  on conflict (owner_id, sender_key) do update set sender_name = excluded.sender_name
  returning id into v_id;
  return v_id;
end
$$;
revoke execute on function public.block_contact_sender(uuid) from public;
grant execute on function public.block_contact_sender(uuid) to authenticated;

-- Reporting also blocks the sender: an owner who reports abuse does not want the next message.
create or replace function public.report_contact_abuse(p_message_id uuid, p_reason text default null) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_owner uuid;
  v_key text;
  v_name text;
  v_message text;
  v_reason text := nullif(pg_catalog.btrim(p_reason), '');
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in to report abuse' using errcode = '42501';
  end if;
  if v_reason is not null and char_length(v_reason) > 1000 then
    raise exception 'The reason must be at most 1000 characters' using errcode = '22023';
  end if;
  select m.owner_id, private.contact_sender_key(m.sender_email), m.sender_name, m.message
    into v_owner, v_key, v_name, v_message
    from public.asset_messages m
   where m.id = p_message_id;
  if v_owner is null or v_owner <> v_uid then
    raise exception 'Message not found' using errcode = 'P0002';
  end if;
  insert into public.contact_abuse_reports (reporter_id, message_id, sender_key, sender_name, message, reason)
  values (v_uid, p_message_id, v_key, v_name, v_message, v_reason)
  on conflict (reporter_id, message_id) do update set reason = coalesce(excluded.reason, public.contact_abuse_reports.reason)
  returning id into v_id;
  perform public.block_contact_sender(p_message_id);
  return v_id;
end
$$;
revoke execute on function public.report_contact_abuse(uuid, text) from public;
grant execute on function public.report_contact_abuse(uuid, text) to authenticated;
