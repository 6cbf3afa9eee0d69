-- Admin actions of /admin-influencer-dashboard: list users, adjust tokens, change roles, the
-- business flag and its requests, bans. Every function checks the caller in SQL (deny by
-- default: anonymous and non-admin callers get 42501, reference flaw S3) and writes an audit row.

create table public.admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid references auth.users (id) on delete set null,
  action text not null check (action ~ '^[a-z][a-z0-9_]{0,59}$'),
  target_user_id uuid references auth.users (id) on delete set null,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_idx on public.admin_audit_log (created_at desc, id desc);
create index admin_audit_log_target_idx on public.admin_audit_log (target_user_id, created_at desc);

alter table public.admin_audit_log enable row level security;
grant select on public.admin_audit_log to authenticated, service_role;
create policy "Admins can read the audit log" on public.admin_audit_log
  for select to authenticated using (private.is_admin());

-- Raises 42501 unless the caller is an admin (or the server acting as service_role).
create or replace function private.require_admin() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can do this' using errcode = '42501';
  end if;
end
$$;
revoke execute on function private.require_admin() from public;

create or replace function private.audit(p_action text, p_target uuid, p_details jsonb) returns void
language sql security definer set search_path = ''
as $$
  insert into public.admin_audit_log (admin_id, action, target_user_id, details)
  values (auth.uid(), p_action, p_target, coalesce(p_details, '{}'::jsonb))
$$;
revoke execute on function private.audit(text, uuid, jsonb) from public;

-- Escapes LIKE wildcards so a search term matches literally.
create or replace function private.like_escape(p_term text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(p_term, '\', '\\'), '%', '\%'), '_', '\_')
$$;
revoke execute on function private.like_escape(text) from public;

-- RPC admin_list_users(p_search, p_role, p_confirmed, p_limit, p_offset): one page of users
-- with their balance and status, newest first; `total` is the count of all matching rows.
create or replace function public.admin_list_users(
  p_search text default null,
  p_role text default null,
  p_confirmed boolean default null,
  p_limit int default 25,
  p_offset int default 0
) returns table (
  id uuid,
  email text,
  full_name text,
  role text,
  is_business_user boolean,
  referral_code text,
  balance bigint,
  email_confirmed_at timestamptz,
  banned_until timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  pending_business_request boolean,
  total bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_pattern text := '%' || private.like_escape(btrim(coalesce(p_search, ''))) || '%';
begin
  perform private.require_admin();
  if p_limit is null or p_limit < 1 or p_limit > 100 or p_offset is null or p_offset < 0 then
    raise exception 'p_limit must be 1–100 and p_offset at least 0' using errcode = '22023';
  end if;
  if p_role is not null and p_role not in ('standard', 'moderator', 'admin') then
    raise exception 'Unknown role' using errcode = '22023';
  end if;
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  return query
    select p.id, u.email::text, p.full_name, p.role, p.is_business_user, p.referral_code,
           coalesce(w.balance, 0), u.email_confirmed_at, u.banned_until, u.last_sign_in_at, u.created_at,
           exists (select 1 from public.business_requests b where b.user_id = p.id and b.status = 'pending'),
           count(*) over ()
      from public.user_profiles p
      join auth.users u on u.id = p.id
      left join public.user_wallets w on w.user_id = p.id
     where (coalesce(btrim(p_search), '') = ''
            or u.email ilike v_pattern or p.full_name ilike v_pattern or p.referral_code ilike v_pattern)
       and (p_role is null or p.role = p_role)
       and (p_confirmed is null or (u.email_confirmed_at is not null) = p_confirmed)
     order by u.created_at desc, p.id
     limit p_limit offset p_offset;
end
$$;
revoke execute on function public.admin_list_users(text, text, boolean, int, int) from public;
grant execute on function public.admin_list_users(text, text, boolean, int, int) to authenticated, service_role;

-- RPC admin_adjust_tokens(p_user_id, p_amount, p_reason[, p_idempotency_key]): credits or
-- debits a user through the ledger with the admin as actor. A debit cannot go below zero.
create or replace function public.admin_adjust_tokens(
  p_user_id uuid,
  p_amount bigint,
  p_reason text,
  p_idempotency_key text default null
) returns public.token_transactions
language plpgsql security definer set search_path = ''
as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
  v_row public.token_transactions;
begin
  perform private.require_admin();
  if p_user_id is null or not exists (select 1 from public.user_profiles p where p.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if p_amount is null or p_amount = 0 or abs(p_amount) > 1000000 then
    raise exception 'The amount must be a whole number between -1,000,000 and 1,000,000, not 0' using errcode = '22023';
  end if;
  if char_length(v_reason) < 3 or char_length(v_reason) > 300 then
    raise exception 'A reason of 3 to 300 characters is required' using errcode = '22023';
  end if;
  v_row := private.ledger_post(
    p_user_id,
    p_amount,
    'admin_adjustment',
    'Admin adjustment: ' || v_reason,
    'admin:' || coalesce(auth.uid()::text, 'service'),
    case when p_idempotency_key is null then null else 'admin_adjustment:' || left(p_idempotency_key, 100) end,
    auth.uid()
  );
  -- A retried request returns the original row; audit only fresh movements.
  if not exists (
    select 1 from public.admin_audit_log a
     where a.action = 'adjust_tokens' and a.details ->> 'transaction_id' = v_row.id::text
  ) then
    perform private.audit('adjust_tokens', p_user_id,
      jsonb_build_object('amount', p_amount, 'reason', v_reason, 'transaction_id', v_row.id, 'balance_after', v_row.balance_after));
  end if;
  return v_row;
end
$$;
revoke execute on function public.admin_adjust_tokens(uuid, bigint, text, text) from public;
grant execute on function public.admin_adjust_tokens(uuid, bigint, text, text) to authenticated, service_role;

-- RPC admin_set_role(p_user_id, p_role). Admins cannot demote themselves (no locking out the
-- last admin by accident).
create or replace function public.admin_set_role(p_user_id uuid, p_role text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_old text;
begin
  perform private.require_admin();
  if p_role is null or p_role not in ('standard', 'moderator', 'admin') then
    raise exception 'The role must be standard, moderator or admin' using errcode = '22023';
  end if;
  select p.role into v_old from public.user_profiles p where p.id = p_user_id for update;
  if v_old is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if p_user_id = auth.uid() and p_role <> 'admin' then
    raise exception 'You cannot remove your own admin role' using errcode = 'P0001';
  end if;
  if v_old <> p_role then
    update public.user_profiles set role = p_role where id = p_user_id;
    perform private.audit('set_role', p_user_id, jsonb_build_object('from', v_old, 'to', p_role));
  end if;
  return json_build_object('id', p_user_id, 'role', p_role);
end
$$;
revoke execute on function public.admin_set_role(uuid, text) from public;
grant execute on function public.admin_set_role(uuid, text) to authenticated, service_role;

-- RPC admin_set_business(p_user_id, p_is_business): grants or revokes the business flag.
-- Granting also approves the user's pending request; revoking rejects it.
create or replace function public.admin_set_business(p_user_id uuid, p_is_business boolean) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_old boolean;
begin
  perform private.require_admin();
  if p_is_business is null then
    raise exception 'p_is_business is required' using errcode = '22023';
  end if;
  select p.is_business_user into v_old from public.user_profiles p where p.id = p_user_id for update;
  if v_old is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  update public.user_profiles set is_business_user = p_is_business where id = p_user_id;
  update public.business_requests
     set status = case when p_is_business then 'approved' else 'rejected' end,
         decided_by = auth.uid(), decided_at = now()
   where user_id = p_user_id and status = 'pending';
  if v_old <> p_is_business then
    perform private.audit(case when p_is_business then 'grant_business' else 'revoke_business' end, p_user_id, '{}'::jsonb);
  end if;
  return json_build_object('id', p_user_id, 'is_business_user', p_is_business);
end
$$;
revoke execute on function public.admin_set_business(uuid, boolean) from public;
grant execute on function public.admin_set_business(uuid, boolean) to authenticated, service_role;

-- RPC admin_decide_business_request(p_request_id, p_approve, p_note): approves (sets the flag)
-- or rejects a pending request.
create or replace function public.admin_decide_business_request(p_request_id uuid, p_approve boolean, p_note text default null)
returns public.business_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.business_requests;
begin
  perform private.require_admin();
  if p_approve is null then
    raise exception 'p_approve is required' using errcode = '22023';
  end if;
  if char_length(coalesce(p_note, '')) > 1000 then
    raise exception 'The note must be at most 1000 characters' using errcode = '22023';
  end if;
  select * into v_row from public.business_requests r where r.id = p_request_id for update;
  if not found then
    raise exception 'Request not found' using errcode = 'P0002';
  end if;
  if v_row.status <> 'pending' then
    raise exception 'This request was already decided' using errcode = 'P0001';
  end if;
  update public.business_requests
     set status = case when p_approve then 'approved' else 'rejected' end,
         decided_by = auth.uid(), decided_at = now(), decision_note = nullif(btrim(p_note), '')
   where id = p_request_id
  returning * into v_row;
  if p_approve then
    update public.user_profiles set is_business_user = true where id = v_row.user_id;
  end if;
  perform private.audit(case when p_approve then 'approve_business_request' else 'reject_business_request' end,
    v_row.user_id, jsonb_build_object('request_id', v_row.id, 'note', v_row.decision_note));
  return v_row;
end
$$;
revoke execute on function public.admin_decide_business_request(uuid, boolean, text) from public;
grant execute on function public.admin_decide_business_request(uuid, boolean, text) to authenticated, service_role;

-- RPC admin_list_business_requests(p_status): requests with the requester's e-mail and name.
create or replace function public.admin_list_business_requests(p_status text default 'pending')
returns table (
  id uuid, user_id uuid, email text, full_name text, note text, status text,
  decided_at timestamptz, decision_note text, created_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_status is not null and p_status not in ('pending', 'approved', 'rejected') then
    raise exception 'Unknown status' using errcode = '22023';
  end if;
  return query
    select r.id, r.user_id, p.email, p.full_name, r.note, r.status, r.decided_at, r.decision_note, r.created_at
      from public.business_requests r
      join public.user_profiles p on p.id = r.user_id
     where p_status is null or r.status = p_status
     order by r.created_at desc
     limit 200;
end
$$;
revoke execute on function public.admin_list_business_requests(text) from public;
grant execute on function public.admin_list_business_requests(text) to authenticated, service_role;

-- RPC admin_set_ban(p_user_id, p_banned, p_reason): bans (until far in the future) or unbans a
-- user and, on ban, ends their sessions. Called by the admin-ban-user server function in the
-- caller's request context (so the admin check here sees the real caller).
create or replace function public.admin_set_ban(p_user_id uuid, p_banned boolean, p_reason text default null)
returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  perform private.require_admin();
  if p_banned is null then
    raise exception 'p_banned is required' using errcode = '22023';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  v_until := case when p_banned then now() + interval '100 years' else null end;
  update auth.users set banned_until = v_until, updated_at = now() where id = p_user_id;
  if p_banned and to_regclass('auth.sessions') is not null then
    -- Dynamic: auth.sessions belongs to the auth area and may be created after this migration.
    execute 'delete from auth.sessions where user_id = $1' using p_user_id;
  end if;
  perform private.audit(case when p_banned then 'ban_user' else 'unban_user' end, p_user_id,
    jsonb_build_object('reason', nullif(btrim(coalesce(p_reason, '')), '')));
  return json_build_object('id', p_user_id, 'banned_until', v_until);
end
$$;
revoke execute on function public.admin_set_ban(uuid, boolean, text) from public;
grant execute on function public.admin_set_ban(uuid, boolean, text) to authenticated, service_role;
