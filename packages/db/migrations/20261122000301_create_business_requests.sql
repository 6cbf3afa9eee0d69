-- Business account requests (/business-auth sign-ups and /business-upgrade). The business flag
-- is never self-service (reference product flaw S1/S11): a user asks, an admin decides
-- (admin_decide_business_request in the admin migration), and only that sets is_business_user.
create table public.business_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  note text not null default '' check (char_length(note) <= 1000),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  decision_note text check (decision_note is null or char_length(decision_note) <= 1000),
  created_at timestamptz not null default now(),
  constraint business_requests_decision_consistent check ((status = 'pending') = (decided_at is null))
);

-- At most one open request per user.
create unique index business_requests_one_pending_idx on public.business_requests (user_id) where status = 'pending';
create index business_requests_status_created_idx on public.business_requests (status, created_at desc);

alter table public.business_requests enable row level security;
grant select on public.business_requests to authenticated, service_role;

create policy "Users can read their own business requests" on public.business_requests
  for select to authenticated using (user_id = auth.uid());
create policy "Admins can read every business request" on public.business_requests
  for select to authenticated using (private.is_admin());

-- Inserts a pending request for a user unless they are already business or already waiting.
-- Returns the pending (or existing) request.
create or replace function private.open_business_request(p_user_id uuid, p_note text)
returns public.business_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.business_requests;
begin
  select * into v_row from public.business_requests r where r.user_id = p_user_id and r.status = 'pending';
  if found then
    return v_row;
  end if;
  insert into public.business_requests (user_id, note)
  values (p_user_id, left(coalesce(btrim(p_note), ''), 1000))
  on conflict (user_id) where status = 'pending' do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.business_requests r where r.user_id = p_user_id and r.status = 'pending';
  end if;
  return v_row;
end
$$;
revoke execute on function private.open_business_request(uuid, text) from public;

-- RPC request_business_account(p_note): the caller asks for a business account.
create or replace function public.request_business_account(p_note text default '')
returns public.business_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if char_length(coalesce(p_note, '')) > 1000 then
    raise exception 'The note must be at most 1000 characters' using errcode = '22023';
  end if;
  if exists (select 1 from public.user_profiles p where p.id = v_uid and p.is_business_user) then
    raise exception 'Your account is already a business account' using errcode = 'P0001';
  end if;
  return private.open_business_request(v_uid, p_note);
end
$$;
revoke execute on function public.request_business_account(text) from public;
grant execute on function public.request_business_account(text) to authenticated;

-- RPC my_business_request(): the caller's latest request (null when none).
create or replace function public.my_business_request()
returns public.business_requests
language sql stable security definer set search_path = ''
as $$
  select r.* from public.business_requests r
   where r.user_id = auth.uid()
   order by r.created_at desc, r.id desc
   limit 1
$$;
revoke execute on function public.my_business_request() from public;
grant execute on function public.my_business_request() to authenticated;

-- Sign-ups through /business-auth send business_intent = true: record the request at once.
create or replace function private.handle_new_user_business_intent() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(new.raw_user_meta_data ->> 'business_intent', '') = 'true' then
    perform private.open_business_request(new.id, 'Requested at sign-up');
  end if;
  return new;
end
$$;

create trigger on_auth_user_created_business_intent after insert on auth.users
  for each row execute function private.handle_new_user_business_intent();
