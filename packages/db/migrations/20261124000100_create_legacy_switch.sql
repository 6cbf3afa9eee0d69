-- Will and legacy: next of kin who accept an invitation, what each receives, the owner's inactivity
-- switch, early requests, and the audit trail of every step (read by the owner; mailed by the
-- server's legacy jobs). A next of kin can never trigger, shorten or skip a step: the countdown is
-- advanced only by private.legacy_sweep(), which no API role may execute, and the only thing a next
-- of kin may do is ask early, which starts the owner's own waiting period.

-- The application clock: now() plus an offset that only a server started with the test clock
-- setting writes (tests cover months in seconds). No API role can read or write it.
create table private.app_clock (
  id boolean primary key default true check (id),
  offset_seconds bigint not null default 0
);
create or replace function private.app_now() returns timestamptz
language sql stable set search_path = ''
as $$ select now() + make_interval(secs => coalesce((select c.offset_seconds from private.app_clock c), 0)) $$;
revoke execute on function private.app_now() from public;

-- Next of kin grow an invitation status, an access level, a message and what they receive.
alter table public.next_of_kin
  add column status text not null default 'not_invited'
    check (status in ('not_invited', 'invited', 'accepted', 'declined')),
  add column access_level text not null default 'view' check (access_level in ('view', 'inherit')),
  add column message text check (message is null or char_length(message) <= 4000),
  -- Whole kinds of asset, and single assets, released to this person.
  add column receives_kinds text[] not null default '{}'
    check (receives_kinds <@ array['general', 'digital', 'legacy', 'business']::text[]),
  add column receives_assets uuid[] not null default '{}' check (cardinality(receives_assets) <= 500),
  -- Set when the person accepts, signed in with the invited address.
  add column kin_user_id uuid references auth.users (id) on delete set null,
  add column invite_token_hash text,
  add column invited_at timestamptz,
  add column responded_at timestamptz;
grant insert (access_level, message, receives_kinds, receives_assets) on public.next_of_kin to authenticated;
grant update (access_level, message, receives_kinds, receives_assets) on public.next_of_kin to authenticated;
-- The owner reads everything but the invitation secret.
revoke select on public.next_of_kin from authenticated;
grant select (id, user_id, full_name, relationship, email, phone, notes, is_primary, created_at, updated_at,
  status, access_level, message, receives_kinds, receives_assets, kin_user_id, invited_at, responded_at)
  on public.next_of_kin to authenticated;
create unique index next_of_kin_invite_idx on public.next_of_kin (invite_token_hash) where invite_token_hash is not null;

-- Chosen single assets must be the owner's own.
create or replace function private.next_of_kin_own_assets() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from unnest(new.receives_assets) a(id)
              where not exists (select 1 from public.assets s where s.id = a.id and s.owner_id = new.user_id)) then
    raise exception 'You can only pass on your own assets' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.next_of_kin_own_assets() from public;
create trigger next_of_kin_own_assets before insert or update of receives_assets on public.next_of_kin
  for each row execute function private.next_of_kin_own_assets();

-- The switch: one row per owner, written only through public.legacy_set_switch().
create table public.legacy_switches (
  user_id uuid primary key references auth.users (id) on delete cascade,
  enabled boolean not null default false,
  period_months int not null default 12 check (period_months between 3 and 60),
  grace_days int not null default 14 check (grace_days between 1 and 90),
  waiting_days int not null default 7 check (waiting_days between 1 and 30),
  paused_until timestamptz,
  last_activity_at timestamptz not null,
  -- The smallest reminder (days before the end) already sent in this countdown.
  last_reminder_days int,
  final_notice_at timestamptz,
  released_at timestamptz,
  updated_at timestamptz not null default now()
);
alter table public.legacy_switches enable row level security;
grant select on public.legacy_switches to authenticated;
grant select, insert, update, delete on public.legacy_switches to service_role;
create policy "Owners read their switch" on public.legacy_switches
  for select to authenticated using (user_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.legacy_switches as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- Early requests by a verified next of kin; the owner may refuse until release_after.
create table public.legacy_requests (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- Removing the contact keeps a waiting request: the owner still sees it and decides.
  next_of_kin_id uuid references public.next_of_kin (id) on delete set null,
  requested_at timestamptz not null,
  release_after timestamptz not null,
  state text not null default 'waiting' check (state in ('waiting', 'refused', 'released')),
  decided_at timestamptz
);
create unique index legacy_requests_one_waiting_idx on public.legacy_requests (owner_id) where state = 'waiting';
alter table public.legacy_requests enable row level security;
grant select on public.legacy_requests to authenticated;
grant select, insert, update, delete on public.legacy_requests to service_role;
create policy "Owners and the asking next of kin read requests" on public.legacy_requests
  for select to authenticated using (
    owner_id = auth.uid()
    or exists (select 1 from public.next_of_kin k where k.id = next_of_kin_id and k.kin_user_id = auth.uid()));
create policy "Two-factor users need an aal2 session" on public.legacy_requests as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- Every step, readable by the owner; the server mails each row once (mailed_at) to recipient_email.
create table public.legacy_events (
  id bigint generated always as identity primary key,
  owner_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('switch_changed', 'invited', 'accepted', 'declined', 'reminder',
    'final_notice', 'pause_ended', 'early_request', 'request_refused', 'release_scheduled', 'released',
    'release_notice', 'activity')),
  detail jsonb not null default '{}',
  recipient_email text,
  -- Secret part of a mail (the invitation link), never shown through the API.
  mail_secret text,
  occurred_at timestamptz not null,
  mailed_at timestamptz
);
create index legacy_events_owner_idx on public.legacy_events (owner_id, id);
create index legacy_events_unmailed_idx on public.legacy_events (id) where mailed_at is null and recipient_email is not null;
alter table public.legacy_events enable row level security;
grant select (id, owner_id, kind, detail, recipient_email, occurred_at, mailed_at) on public.legacy_events to authenticated;
grant select, insert, update, delete on public.legacy_events to service_role;
create policy "Owners read their legacy steps" on public.legacy_events
  for select to authenticated using (owner_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.legacy_events as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

create or replace function private.legacy_log(p_owner uuid, p_kind text, p_detail jsonb, p_to text,
  p_secret text default null) returns void
language sql security definer set search_path = ''
as $$
  insert into public.legacy_events (owner_id, kind, detail, recipient_email, mail_secret, occurred_at)
  values (p_owner, p_kind, p_detail, p_to, p_secret, private.app_now())
$$;
revoke execute on function private.legacy_log(uuid, text, jsonb, text, text) from public;

create or replace function private.user_email(p_user uuid) returns text
language sql stable security definer set search_path = ''
as $$ select u.email from auth.users u where u.id = p_user $$;
revoke execute on function private.user_email(uuid) from public;

-- The owner changes the switch; the change is an event mailed to them as confirmation.
create or replace function public.legacy_set_switch(p_enabled boolean, p_period_months int, p_grace_days int,
  p_waiting_days int, p_paused_until timestamptz) returns public.legacy_switches
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_now timestamptz := private.app_now();
  v_row public.legacy_switches;
begin
  perform private.require_aal_satisfied();
  if v_uid is null then raise exception 'Sign in first' using errcode = '42501'; end if;
  if p_period_months is null or p_period_months not between 3 and 60 then
    raise exception 'The period must be between 3 months and 5 years' using errcode = '22023';
  end if;
  if p_grace_days is null or p_grace_days not between 1 and 90 then
    raise exception 'The grace period must be between 1 and 90 days' using errcode = '22023';
  end if;
  if p_waiting_days is null or p_waiting_days not between 1 and 30 then
    raise exception 'The waiting period must be between 1 and 30 days' using errcode = '22023';
  end if;
  if p_paused_until is not null and (p_paused_until <= v_now or p_paused_until > v_now + interval '1 year') then
    raise exception 'A pause must end in the future, within a year' using errcode = '22023';
  end if;
  select * into v_row from public.legacy_switches s where s.user_id = v_uid for update;
  if v_row.released_at is not null then
    raise exception 'Your legacy has already been released' using errcode = '55000';
  end if;
  -- Any change is the owner being active: the countdown starts again.
  insert into public.legacy_switches as s (user_id, enabled, period_months, grace_days, waiting_days, paused_until,
      last_activity_at, updated_at)
    values (v_uid, coalesce(p_enabled, false), p_period_months, p_grace_days, p_waiting_days, p_paused_until, v_now, now())
  on conflict (user_id) do update set enabled = excluded.enabled, period_months = excluded.period_months,
      grace_days = excluded.grace_days, waiting_days = excluded.waiting_days, paused_until = excluded.paused_until,
      last_activity_at = v_now, last_reminder_days = null, final_notice_at = null, updated_at = now()
  returning * into v_row;
  perform private.legacy_log(v_uid, 'switch_changed', jsonb_build_object('enabled', v_row.enabled,
    'period_months', v_row.period_months, 'grace_days', v_row.grace_days, 'waiting_days', v_row.waiting_days,
    'paused_until', v_row.paused_until), private.user_email(v_uid));
  return v_row;
end
$$;
revoke execute on function public.legacy_set_switch(boolean, int, int, int, timestamptz) from public;
grant execute on function public.legacy_set_switch(boolean, int, int, int, timestamptz) to authenticated;

-- Activity: "I am still here" (and every sign-in, below) restarts the countdown.
create or replace function private.legacy_touch(p_user uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  update public.legacy_switches s
     set last_activity_at = private.app_now(), last_reminder_days = null, final_notice_at = null
   where s.user_id = p_user and s.released_at is null;
end
$$;
revoke execute on function private.legacy_touch(uuid) from public;

create or replace function public.legacy_i_am_still_here() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then raise exception 'Sign in first' using errcode = '42501'; end if;
  perform private.legacy_touch(auth.uid());
  perform private.legacy_log(auth.uid(), 'activity', '{}', null);
end
$$;
revoke execute on function public.legacy_i_am_still_here() from public;
grant execute on function public.legacy_i_am_still_here() to authenticated;

create or replace function private.legacy_sign_in_is_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.legacy_touch(new.id);
  return new;
end
$$;
revoke execute on function private.legacy_sign_in_is_activity() from public;
create trigger legacy_sign_in_is_activity after update of last_sign_in_at on auth.users
  for each row when (new.last_sign_in_at is distinct from old.last_sign_in_at)
  execute function private.legacy_sign_in_is_activity();

-- Invitations: the owner invites (the server mails the link); the invited person, signed in with
-- that address, accepts or declines with the token.
create or replace function public.legacy_invite(p_next_of_kin uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  perform private.require_aal_satisfied();
  select * into v_kin from public.next_of_kin k where k.id = p_next_of_kin and k.user_id = auth.uid() for update;
  if not found then raise exception 'Next of kin not found' using errcode = 'P0002'; end if;
  if v_kin.email is null then raise exception 'Add an e-mail address to invite this person' using errcode = '22023'; end if;
  if v_kin.status = 'accepted' then raise exception 'This person has already accepted' using errcode = '55000'; end if;
  update public.next_of_kin set status = 'invited', invited_at = private.app_now(), responded_at = null,
         invite_token_hash = encode(sha256(convert_to(v_token, 'UTF8')), 'hex')
   where id = v_kin.id;
  perform private.legacy_log(v_kin.user_id, 'invited', jsonb_build_object('next_of_kin_id', v_kin.id,
    'name', v_kin.full_name), v_kin.email, v_token);
end
$$;
revoke execute on function public.legacy_invite(uuid) from public;
grant execute on function public.legacy_invite(uuid) to authenticated;

create or replace function public.legacy_answer_invite(p_token text, p_accept boolean) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_email text := private.user_email(auth.uid());
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then raise exception 'Sign in first' using errcode = '42501'; end if;
  select * into v_kin from public.next_of_kin k
   where k.invite_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex') and k.status = 'invited'
   for update;
  if not found then raise exception 'This invitation is not valid any more' using errcode = 'P0002'; end if;
  if lower(v_email) <> lower(v_kin.email) then
    raise exception 'Sign in with the address the invitation was sent to' using errcode = '42501';
  end if;
  if v_kin.user_id = auth.uid() then raise exception 'You cannot be your own next of kin' using errcode = '42501'; end if;
  update public.next_of_kin set status = case when p_accept then 'accepted' else 'declined' end,
         kin_user_id = case when p_accept then auth.uid() end, responded_at = private.app_now(), invite_token_hash = null
   where id = v_kin.id;
  perform private.legacy_log(v_kin.user_id, case when p_accept then 'accepted' else 'declined' end,
    jsonb_build_object('next_of_kin_id', v_kin.id, 'name', v_kin.full_name), private.user_email(v_kin.user_id));
end
$$;
revoke execute on function public.legacy_answer_invite(text, boolean) from public;
grant execute on function public.legacy_answer_invite(text, boolean) to authenticated;

-- Early request: an accepted next of kin asks; the owner's waiting period starts and the owner is
-- told at once. Asking again while one waits changes nothing (it cannot shorten anything).
create or replace function public.legacy_request_early_access(p_owner uuid) returns public.legacy_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_switch public.legacy_switches;
  v_req public.legacy_requests;
  v_now timestamptz := private.app_now();
begin
  perform private.require_aal_satisfied();
  select * into v_kin from public.next_of_kin k
   where k.user_id = p_owner and k.kin_user_id = auth.uid() and k.status = 'accepted' limit 1;
  if not found then raise exception 'Only a verified next of kin can ask' using errcode = '42501'; end if;
  select * into v_switch from public.legacy_switches s where s.user_id = p_owner and s.enabled for update;
  if not found or v_switch.released_at is not null then
    raise exception 'There is nothing to request' using errcode = '55000';
  end if;
  select * into v_req from public.legacy_requests r where r.owner_id = p_owner and r.state = 'waiting';
  if found then return v_req; end if;
  insert into public.legacy_requests (owner_id, next_of_kin_id, requested_at, release_after)
    values (p_owner, v_kin.id, v_now, v_now + make_interval(days => v_switch.waiting_days)) returning * into v_req;
  perform private.legacy_log(p_owner, 'early_request', jsonb_build_object('request_id', v_req.id,
    'name', v_kin.full_name, 'release_after', v_req.release_after), private.user_email(p_owner));
  return v_req;
end
$$;
revoke execute on function public.legacy_request_early_access(uuid) from public;
grant execute on function public.legacy_request_early_access(uuid) to authenticated;

create or replace function public.legacy_refuse_request(p_request uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  update public.legacy_requests set state = 'refused', decided_at = private.app_now()
   where id = p_request and owner_id = auth.uid() and state = 'waiting';
  if not found then raise exception 'No waiting request to refuse' using errcode = 'P0002'; end if;
  perform private.legacy_log(auth.uid(), 'request_refused', jsonb_build_object('request_id', p_request),
    private.user_email(auth.uid()));
end
$$;
revoke execute on function public.legacy_refuse_request(uuid) from public;
grant execute on function public.legacy_refuse_request(uuid) to authenticated;

-- Release: the owner's switch is marked released and every accepted next of kin is told.
create or replace function private.legacy_release(p_owner uuid, p_reason text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin record;
begin
  update public.legacy_switches set released_at = private.app_now() where user_id = p_owner and released_at is null;
  if not found then return; end if;
  update public.legacy_requests set state = 'released', decided_at = private.app_now()
   where owner_id = p_owner and state = 'waiting';
  perform private.legacy_log(p_owner, 'released', jsonb_build_object('reason', p_reason), private.user_email(p_owner));
  for v_kin in select k.id, k.full_name, k.email from public.next_of_kin k
                where k.user_id = p_owner and k.status = 'accepted' loop
    perform private.legacy_log(p_owner, 'release_notice', jsonb_build_object('next_of_kin_id', v_kin.id,
      'name', v_kin.full_name), v_kin.email);
  end loop;
end
$$;
revoke execute on function private.legacy_release(uuid, text) from public;

-- The countdown. Run by the server's sweep job only (no API role may execute it); each switch row
-- is locked while it advances, so two servers sweeping at once take each step once.
create or replace function private.legacy_sweep() returns int
language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
  v_s public.legacy_switches;
  v_end timestamptz;
  v_days int;
  v_req public.legacy_requests;
  v_steps int := 0;
begin
  for v_s in select * from public.legacy_switches s
              where s.enabled and s.released_at is null for update skip locked loop
    if v_s.paused_until is not null then
      if v_s.paused_until > v_now then continue; end if;
      -- The pause is over: the countdown starts again from its end.
      update public.legacy_switches set paused_until = null, last_activity_at = v_s.paused_until,
             last_reminder_days = null, final_notice_at = null where user_id = v_s.user_id
      returning * into v_s;
      perform private.legacy_log(v_s.user_id, 'pause_ended', '{}', private.user_email(v_s.user_id));
      v_steps := v_steps + 1;
    end if;
    v_end := v_s.last_activity_at + make_interval(months => v_s.period_months);
    if v_now >= v_end + make_interval(days => v_s.grace_days) then
      perform private.legacy_release(v_s.user_id, 'inactivity');
      v_steps := v_steps + 1;
    elsif v_now >= v_end then
      if v_s.final_notice_at is null then
        update public.legacy_switches set final_notice_at = v_now where user_id = v_s.user_id;
        perform private.legacy_log(v_s.user_id, 'final_notice', jsonb_build_object('release_at',
          v_end + make_interval(days => v_s.grace_days)), private.user_email(v_s.user_id));
        perform private.legacy_log(v_s.user_id, 'release_scheduled', jsonb_build_object('release_at',
          v_end + make_interval(days => v_s.grace_days)), null);
        v_steps := v_steps + 1;
      end if;
    else
      -- The nearest reminder now due (30, 14, 7, 1 days before the end), once per countdown.
      select min(d) into v_days from unnest(array[30, 14, 7, 1]) d
       where v_now >= v_end - make_interval(days => d);
      if v_days is not null and (v_s.last_reminder_days is null or v_days < v_s.last_reminder_days) then
        update public.legacy_switches set last_reminder_days = v_days where user_id = v_s.user_id;
        perform private.legacy_log(v_s.user_id, 'reminder', jsonb_build_object('days_left', v_days,
          'ends_at', v_end), private.user_email(v_s.user_id));
        v_steps := v_steps + 1;
      end if;
    end if;
  end loop;
  for v_req in select * from public.legacy_requests r
                where r.state = 'waiting' and r.release_after <= v_now for update skip locked loop
    perform private.legacy_release(v_req.owner_id, 'early_request');
    v_steps := v_steps + 1;
  end loop;
  return v_steps;
end
$$;
revoke execute on function private.legacy_sweep() from public;

-- What was released to the signed-in next of kin: owner, message, access level and the assets.
create or replace function public.legacy_released_to_me() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'next_of_kin_id', k.id, 'owner_name', coalesce(p.full_name, 'Your contact'), 'released_at', s.released_at,
      'message', k.message, 'access_level', k.access_level,
      'assets', coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'title', a.title, 'kind', a.kind,
          'description', a.description, 'serial_number', a.serial_number, 'status', a.status) order by a.created_at)
        from public.assets a
       where a.owner_id = k.user_id and (a.kind = any (k.receives_kinds) or a.id = any (k.receives_assets))), '[]')))
      from public.next_of_kin k
      join public.legacy_switches s on s.user_id = k.user_id and s.released_at is not null
      left join public.user_profiles p on p.id = k.user_id
     where k.kin_user_id = auth.uid() and k.status = 'accepted'), '[]');
end
$$;
revoke execute on function public.legacy_released_to_me() from public;
grant execute on function public.legacy_released_to_me() to authenticated;
