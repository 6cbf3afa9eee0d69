-- Two-factor authentication guards the data (security issue, hole 5). Once a user has a verified
-- factor, a password-only (aal1) session is only good for finishing the sign-in: every table that
-- holds a user's data, every security-definer function a user calls, the admin checks and the
-- storage objects require an aal2 session. Users without a verified factor are unaffected.
--
-- One rule, three entry points:
--   private.aal_satisfied_by(user, aal)  the rule itself, also asked by the server for functions
--                                         that act as the service role on a user's behalf;
--   private.aal_satisfied()              the rule for the caller of this statement (policies);
--   private.require_aal_satisfied()      raises 42501 unless it holds (security-definer functions).
--
-- Tables get a RESTRICTIVE policy, so no permissive policy (own rows, admin, public) can open them
-- to an aal1 session; the helper is wrapped in (select …) so it runs once per statement, not per row.
-- A table added later that holds user data needs the same one line (docs/contributing.md), and
-- packages/db/tests/aal2.int.test.ts fails until it has it or is listed as holding no user data.

-- The assurance level a user must reach: aal2 when they have a verified factor, else anything.
-- security definer: auth.mfa_factors is never granted to the API roles.
create or replace function private.aal_satisfied_by(p_user_id uuid, p_aal text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(p_aal, 'aal1') in ('aal2', 'aal3')
      or p_user_id is null
      or not exists (
        select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status = 'verified'
      )
$$;
revoke execute on function private.aal_satisfied_by(uuid, text) from public;
grant execute on function private.aal_satisfied_by(uuid, text) to service_role;

-- The caller's claims come from the verified JWT the server wrote into request.jwt.claims.
create or replace function private.aal_satisfied() returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.aal_satisfied_by(auth.uid(), auth.jwt() ->> 'aal')
$$;
revoke execute on function private.aal_satisfied() from public;
grant execute on function private.aal_satisfied() to anon, authenticated, service_role;

create or replace function private.require_aal_satisfied() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.aal_satisfied() then
    raise exception 'Enter a code from your authenticator app first'
      using errcode = '42501', detail = 'insufficient_aal',
            hint = 'This account has two-factor authentication: verify a code to reach aal2.';
  end if;
end
$$;
revoke execute on function private.require_aal_satisfied() from public;
grant execute on function private.require_aal_satisfied() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Tables holding a user's data. Public reference data (news, prices, token and referral
-- settings, ledger checkpoints, bucket rows) stays readable at aal1 and is listed in the test.
create policy "Two-factor users need an aal2 session" on public.user_profiles as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.user_settings as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.next_of_kin as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.user_wallets as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.token_transactions as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.referrals as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.business_requests as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.bug_reports as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.admin_audit_log as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.assets as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.asset_media as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.asset_ledger as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.asset_messages as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on storage.objects as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.contact_requests as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.contact_blocked_senders as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "Two-factor users need an aal2 session" on public.contact_abuse_reports as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- Admin and moderator powers belong to a session that satisfies the rule: every admin policy and
-- admin function asks these helpers, so an admin's stolen password alone cannot act as admin.
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.role() = 'service_role' or (private.current_user_role() = 'admin' and private.aal_satisfied())
$$;

create or replace function private.is_moderator_or_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.role() = 'service_role'
      or (private.current_user_role() in ('moderator', 'admin') and private.aal_satisfied())
$$;

-- Same check as before, with the clearer answer first for an admin who has not entered a code.
create or replace function private.require_admin() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if not private.is_admin() then
    raise exception 'Only admins can do this' using errcode = '42501';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Security-definer functions a user calls (they bypass RLS, so they check the rule themselves).
-- Bodies as in their latest migration, plus the one `perform private.require_aal_satisfied();`.
-- security invoker functions (search_my_assets, my_business_inventory_stats,
-- bug_report_status_counts, published_news_categories) are covered by the policies above.

create or replace function public.update_user_activity() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  update public.user_profiles set last_active_at = now() where id = auth.uid();
end
$$;

create or replace function public.wallet_summary() returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_result json;
begin
  perform private.require_aal_satisfied();
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select json_build_object(
    'balance', coalesce((select w.balance from public.user_wallets w where w.user_id = v_uid), 0),
    'total_earned', coalesce(sum(t.amount) filter (where t.amount > 0), 0),
    'total_spent', coalesce(-sum(t.amount) filter (where t.amount < 0), 0),
    'transaction_count', count(t.id),
    'sources', coalesce(
      (select json_agg(s.source order by s.source)
         from (select distinct t2.source from public.token_transactions t2 where t2.user_id = v_uid) s),
      '[]'::json)
  )
  into v_result
  from public.token_transactions t
  where t.user_id = v_uid;
  return v_result;
end
$$;

create or replace function public.request_business_account(p_note text default '')
returns public.business_requests
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  perform private.require_aal_satisfied();
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

create or replace function public.apply_referral_on_signup(
  p_new_user_id uuid,
  p_referral_code text default '',
  p_source text default 'email_verification'
) returns json
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if p_new_user_id is null then
    raise exception 'p_new_user_id is required' using errcode = '22023';
  end if;
  if not (auth.role() = 'service_role' or auth.uid() = p_new_user_id) then
    raise exception 'You can only apply a referral to your own account' using errcode = '42501';
  end if;
  return private.apply_referral(p_new_user_id, p_referral_code, p_source);
end
$$;

create or replace function public.my_referral_stats()
returns table (level smallint, referred_count bigint, tokens_earned bigint, reward bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return query
    select s.level,
           count(r.id),
           coalesce(sum(r.reward), 0)::bigint,
           case when s.active then s.reward else 0 end
      from public.referral_settings s
      left join public.referrals r on r.level = s.level and r.referrer_id = auth.uid()
     group by s.level, s.active, s.reward
     order by s.level;
end
$$;

create or replace function public.my_referred_users(p_limit int default 50, p_offset int default 0)
returns table (display_name text, level smallint, reward bigint, joined_at timestamptz, total bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 or p_offset is null or p_offset < 0 then
    raise exception 'p_limit must be 1–200 and p_offset at least 0' using errcode = '22023';
  end if;
  return query
    select private.display_name(r.referred_id), r.level, r.reward, r.created_at, count(*) over ()
      from public.referrals r
     where r.referrer_id = auth.uid()
     order by r.created_at desc, r.level, r.id
     limit p_limit offset p_offset;
end
$$;

create or replace function public.get_asset_proof(p_asset_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  a public.assets;
begin
  perform private.require_aal_satisfied();
  select * into a from public.assets where id = p_asset_id;
  if a.id is null or (a.owner_id is distinct from auth.uid() and auth.role() <> 'service_role') then
    raise exception 'Asset not found' using errcode = 'P0002';
  end if;
  return private.asset_proof(a) || jsonb_build_object('record', private.asset_record(a));
end
$$;

create or replace function public.quote_added_media(p_asset_id uuid, p_photos integer default 0, p_documents integer default 0,
  p_video_seconds numeric[] default '{}')
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_photos integer;
  v_docs integer;
  v_videos numeric[];
  v_before bigint;
  v_after bigint;
begin
  perform private.require_aal_satisfied();
  if not exists (select 1 from public.assets a where a.id = p_asset_id and a.owner_id = auth.uid()) then
    raise exception 'Asset not found' using errcode = 'P0002';
  end if;
  select count(*) filter (where kind = 'photo'), count(*) filter (where kind = 'document'),
         coalesce(array_agg(duration_seconds) filter (where kind = 'video'), '{}')
    into v_photos, v_docs, v_videos
  from public.asset_media where asset_id = p_asset_id;
  v_before := (private.asset_price(v_photos, v_docs, v_videos) ->> 'total')::bigint;
  v_after := (private.asset_price(v_photos + coalesce(p_photos, 0), v_docs + coalesce(p_documents, 0),
    v_videos || coalesce(p_video_seconds, '{}')) ->> 'total')::bigint;
  return jsonb_build_object('total', v_after - v_before);
end
$$;

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
  perform private.require_aal_satisfied();
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

-- Was language sql; plpgsql so it can refuse first. Still null when the caller has no request.
create or replace function public.my_business_request()
returns public.business_requests
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  return (
    select r from public.business_requests r
     where r.user_id = auth.uid()
     order by r.created_at desc, r.id desc
     limit 1
  );
end
$$;

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
  perform private.require_aal_satisfied();
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
  perform private.require_aal_satisfied();
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
