-- Early requests follow the switch (issue 27, item 1; issue 28, items 5 and 11).
--
-- A waiting early request used to be released by private.legacy_sweep() when its waiting period
-- ended, whatever the switch said: an owner who switched off (or paused) was told "nothing will be
-- released" and the next of kin still received everything three days later. Now:
-- - switching off or pausing cancels every waiting request (state 'cancelled', with the reason) and
--   tells the next of kin who asked, by mail; the owner's confirmation says so;
-- - a next of kin cannot ask while the switch is off or paused, and the sweep releases a waiting
--   request only while its owner's switch is on and not paused (a second lock on the same door);
-- - after a refusal, the same next of kin may ask that owner again only 30 days later
--   (ask_again_after), so a refusal is not answered by a new mail to the owner the next minute;
-- - the next of kin reads the requests they made (kin_user_id = auth.uid()); the old policy looked
--   through public.next_of_kin, which the next of kin cannot read, so it never matched;
-- - refusals of these functions answer 4xx with a code (private.http_refusal), not 500.

-- A refusal in PostgREST's own shape: RAISE SQLSTATE 'PGRST' with the body as JSON and the HTTP
-- status in the detail (rest/errors.ts turns it into {code, message, details, hint} with that status).
create or replace function private.http_refusal(p_status int, p_code text, p_message text, p_details text default null)
returns void
language plpgsql set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = pg_catalog.jsonb_build_object('code', p_code, 'message', p_message, 'details', p_details)::text,
    detail = pg_catalog.jsonb_build_object('status', p_status)::text;
end
$$;
revoke execute on function private.http_refusal(int, text, text, text) from public;

alter table public.legacy_requests drop constraint legacy_requests_state_check;
alter table public.legacy_requests
  add constraint legacy_requests_state_check check (state in ('waiting', 'refused', 'released', 'cancelled')),
  -- The account that asked. Kept when the contact row is removed, so the asker still sees the state.
  add column kin_user_id uuid references auth.users (id) on delete set null,
  -- Why a request was cancelled: the owner switched off or paused the switch.
  add column cancel_reason text check (cancel_reason in ('switched_off', 'paused')),
  -- Set when the owner refuses: the same next of kin may ask this owner again from then on.
  add column ask_again_after timestamptz;
create index legacy_requests_kin_user_idx on public.legacy_requests (kin_user_id);
update public.legacy_requests r set kin_user_id = k.kin_user_id
  from public.next_of_kin k where k.id = r.next_of_kin_id;
update public.legacy_requests set ask_again_after = decided_at + interval '30 days' where state = 'refused';

drop policy "Owners and the asking next of kin read requests" on public.legacy_requests;
create policy "Owners and the asking next of kin read requests" on public.legacy_requests
  for select to authenticated using (owner_id = auth.uid() or kin_user_id = auth.uid());

alter table public.legacy_events drop constraint legacy_events_kind_check;
alter table public.legacy_events add constraint legacy_events_kind_check
  check (kind in ('switch_changed', 'invited', 'accepted', 'declined', 'reminder', 'final_notice', 'pause_ended',
    'early_request', 'request_refused', 'request_cancelled', 'release_scheduled', 'released', 'release_notice',
    'activity', 'transfer_offered', 'transfer_accepted'));

-- Cancels the owner's waiting requests and logs one mail to each next of kin who asked. Returns how many.
create or replace function private.legacy_cancel_requests(p_owner uuid, p_reason text, p_paused_until timestamptz)
returns int
language plpgsql security definer set search_path = ''
as $$
declare
  v_req record;
  v_count int := 0;
begin
  for v_req in update public.legacy_requests r
                  set state = 'cancelled', decided_at = private.app_now(), cancel_reason = p_reason
                where r.owner_id = p_owner and r.state = 'waiting'
            returning r.id, r.kin_user_id, r.next_of_kin_id loop
    perform private.legacy_log(p_owner, 'request_cancelled', jsonb_build_object('request_id', v_req.id,
        'reason', p_reason, 'paused_until', p_paused_until,
        'name', (select k.full_name from public.next_of_kin k where k.id = v_req.next_of_kin_id)),
      coalesce(private.user_email(v_req.kin_user_id),
               (select k.email from public.next_of_kin k where k.id = v_req.next_of_kin_id)));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;
revoke execute on function private.legacy_cancel_requests(uuid, text, timestamptz) from public;

-- The owner changes the switch. Off or paused, nothing can be released, so waiting requests end.
create or replace function public.legacy_set_switch(p_enabled boolean, p_period_months int, p_grace_days int,
  p_waiting_days int, p_paused_until timestamptz) returns public.legacy_switches
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_now timestamptz := private.app_now();
  v_row public.legacy_switches;
  v_cancelled int := 0;
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
    perform private.http_refusal(409, 'legacy_released', 'Your legacy has already been released',
      to_jsonb(v_row.released_at) #>> '{}');
  end if;
  -- Any change is the owner being active: the countdown starts again.
  insert into public.legacy_switches as s (user_id, enabled, period_months, grace_days, waiting_days, paused_until,
      last_activity_at, updated_at)
    values (v_uid, coalesce(p_enabled, false), p_period_months, p_grace_days, p_waiting_days, p_paused_until, v_now, now())
  on conflict (user_id) do update set enabled = excluded.enabled, period_months = excluded.period_months,
      grace_days = excluded.grace_days, waiting_days = excluded.waiting_days, paused_until = excluded.paused_until,
      last_activity_at = v_now, last_reminder_days = null, final_notice_at = null, updated_at = now()
  returning * into v_row;
  if not v_row.enabled or v_row.paused_until is not null then
    v_cancelled := private.legacy_cancel_requests(v_uid,
      case when v_row.enabled then 'paused' else 'switched_off' end, v_row.paused_until);
  end if;
  perform private.legacy_log(v_uid, 'switch_changed', jsonb_build_object('enabled', v_row.enabled,
    'period_months', v_row.period_months, 'grace_days', v_row.grace_days, 'waiting_days', v_row.waiting_days,
    'paused_until', v_row.paused_until, 'cancelled_requests', v_cancelled), private.user_email(v_uid));
  return v_row;
end
$$;

-- An accepted next of kin asks early: only while the switch is on and not paused, not again within
-- 30 days of the owner's refusal of their last request; asking while one waits changes nothing.
create or replace function public.legacy_request_early_access(p_owner uuid) returns public.legacy_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_switch public.legacy_switches;
  v_req public.legacy_requests;
  v_now timestamptz := private.app_now();
  v_after timestamptz;
begin
  perform private.require_aal_satisfied();
  select * into v_kin from public.next_of_kin k
   where k.user_id = p_owner and k.kin_user_id = auth.uid() and k.status = 'accepted' limit 1;
  if not found then raise exception 'Only a verified next of kin can ask' using errcode = '42501'; end if;
  select * into v_switch from public.legacy_switches s where s.user_id = p_owner for update;
  if not found or not v_switch.enabled then
    perform private.http_refusal(409, 'legacy_switch_off', 'Their inactivity switch is off: there is nothing to ask for');
  end if;
  if v_switch.released_at is not null then
    perform private.http_refusal(409, 'legacy_released', 'Their legacy has already been released',
      to_jsonb(v_switch.released_at) #>> '{}');
  end if;
  if v_switch.paused_until > v_now then
    perform private.http_refusal(409, 'legacy_paused', 'Their inactivity switch is paused; ask again after the pause',
      to_jsonb(v_switch.paused_until) #>> '{}');
  end if;
  select * into v_req from public.legacy_requests r where r.owner_id = p_owner and r.state = 'waiting';
  if found then return v_req; end if;
  select max(r.ask_again_after) into v_after from public.legacy_requests r
   where r.owner_id = p_owner and r.kin_user_id = auth.uid() and r.state = 'refused';
  if v_after > v_now then
    perform private.http_refusal(409, 'legacy_request_cooldown',
      'They refused your last request; you can ask again later', to_jsonb(v_after) #>> '{}');
  end if;
  insert into public.legacy_requests (owner_id, next_of_kin_id, kin_user_id, requested_at, release_after)
    values (p_owner, v_kin.id, auth.uid(), v_now, v_now + make_interval(days => v_switch.waiting_days))
    returning * into v_req;
  perform private.legacy_log(p_owner, 'early_request', jsonb_build_object('request_id', v_req.id,
    'name', v_kin.full_name, 'release_after', v_req.release_after), private.user_email(p_owner));
  return v_req;
end
$$;

create or replace function public.legacy_refuse_request(p_request uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.app_now();
begin
  perform private.require_aal_satisfied();
  update public.legacy_requests set state = 'refused', decided_at = v_now, ask_again_after = v_now + interval '30 days'
   where id = p_request and owner_id = auth.uid() and state = 'waiting';
  if not found then perform private.http_refusal(404, 'not_found', 'No waiting request to refuse'); end if;
  perform private.legacy_log(auth.uid(), 'request_refused', jsonb_build_object('request_id', p_request),
    private.user_email(auth.uid()));
end
$$;

-- The countdown, as in 20261124000100, except the last loop: a waiting request is released only
-- while its owner's switch is on, not paused and not yet released.
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
  for v_req in select r.* from public.legacy_requests r
                 join public.legacy_switches s on s.user_id = r.owner_id
                where r.state = 'waiting' and r.release_after <= v_now
                  and s.enabled and s.released_at is null and (s.paused_until is null or s.paused_until <= v_now)
                for update of r skip locked loop
    perform private.legacy_release(v_req.owner_id, 'early_request');
    v_steps := v_steps + 1;
  end loop;
  return v_steps;
end
$$;

-- Requests already waiting behind a switch that is off or paused end now, and their askers are told.
select private.legacy_cancel_requests(s.user_id, case when s.enabled then 'paused' else 'switched_off' end,
         s.paused_until)
  from public.legacy_switches s
 where s.released_at is null and (not s.enabled or s.paused_until is not null)
   and exists (select 1 from public.legacy_requests r where r.owner_id = s.user_id and r.state = 'waiting');
