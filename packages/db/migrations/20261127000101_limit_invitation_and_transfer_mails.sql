-- Invitations and transfer offers: mails to people who never asked for them (issue 27, item 8;
-- issue 28, items 6 and 8).
--
-- - Budgets per rolling day of the application clock, counted from the mails the steps log
--   (public.legacy_events rows of kind 'invited' or 'transfer_offered'), keyed by what the caller
--   cannot change: the sender's account (auth.uid()) and the recipient's address as the contact
--   relay keys it (private.contact_sender_key: lower case, "+tag" removed).
--     invitations:      3 to one address from one sender, 10 from one sender, 5 to one address
--     transfer offers:  5 to one address from one sender, 20 from one sender, 10 to one address
--   Over a budget the call is refused (429 mail_limit) and nothing is offered or mailed.
-- - A recipient stops them with the signed link each such mail carries (the server's
--   mail-preferences function writes private.mail_opt_outs): from that sender, or from everyone.
--   The functions refuse (409 recipient_opted_out) instead of mailing.
-- - An invitation keeps its token after it is answered, so re-opening the link shows its state
--   (accepted, declined, or expired after 30 days) instead of failing; public.legacy_invitation()
--   tells the link's holder who invited them, to which (masked) address, and in what state.
-- - public.asset_transfer_offer() does the same for a transfer offer's page.
-- - Refusals answer 4xx with a code (private.http_refusal, 20261127000100), not 500.

-- Who stopped which mails. The address is kept only as the SHA-256 of its key; no API role reads
-- or writes this table (the server's mail-preferences function does, with a link it signed).
create table private.mail_opt_outs (
  id bigint generated always as identity primary key,
  recipient_hash text not null check (recipient_hash ~ '^[0-9a-f]{64}$'),
  -- The sender whose mails are stopped; null: every sender.
  sender_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create unique index mail_opt_outs_sender_idx on private.mail_opt_outs (sender_id, recipient_hash)
  where sender_id is not null;
create unique index mail_opt_outs_everyone_idx on private.mail_opt_outs (recipient_hash) where sender_id is null;
alter table private.mail_opt_outs enable row level security;
revoke all on private.mail_opt_outs from public, anon, authenticated, service_role;

create or replace function private.mail_recipient_hash(p_email text) returns text
language sql immutable set search_path = ''
as $$ select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(private.contact_sender_key(p_email), 'UTF8')), 'hex') $$;
revoke execute on function private.mail_recipient_hash(text) from public;

-- Counting one recipient's mails of the day reads only their rows.
create index legacy_events_unsolicited_recipient_idx
  on public.legacy_events (private.contact_sender_key(recipient_email), occurred_at)
  where kind in ('invited', 'transfer_offered');

-- Refuses (and so stops the mail of) an invitation or transfer offer the recipient opted out of, or
-- one over a budget.
create or replace function private.check_unsolicited_mail(p_sender uuid, p_email text, p_kind text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_key text := private.contact_sender_key(p_email);
  v_since timestamptz := private.app_now() - interval '1 day';
  v_pair_limit int := case p_kind when 'invited' then 3 else 5 end;
  v_sender_limit int := case p_kind when 'invited' then 10 else 20 end;
  v_recipient_limit int := case p_kind when 'invited' then 5 else 10 end;
  v_pair int;
  v_sender int;
  v_recipient int;
begin
  if exists (select 1 from private.mail_opt_outs o
              where o.recipient_hash = private.mail_recipient_hash(p_email)
                and (o.sender_id is null or o.sender_id = p_sender)) then
    perform private.http_refusal(409, 'recipient_opted_out',
      'This address asked not to receive these e-mails', case p_kind when 'invited' then 'invitation' else 'transfer' end);
  end if;
  select count(*), count(*) filter (where private.contact_sender_key(e.recipient_email) = v_key)
    into v_sender, v_pair
    from public.legacy_events e
   where e.owner_id = p_sender and e.kind = p_kind and e.occurred_at > v_since;
  select count(*) into v_recipient from public.legacy_events e
   where private.contact_sender_key(e.recipient_email) = v_key and e.occurred_at > v_since
     and e.kind = p_kind and e.kind in ('invited', 'transfer_offered');
  if v_pair >= v_pair_limit or v_sender >= v_sender_limit or v_recipient >= v_recipient_limit then
    perform private.http_refusal(429, 'mail_limit',
      'Too many e-mails of this kind today, from your account or to this address. Try again tomorrow.',
      case when v_recipient >= v_recipient_limit and v_pair < v_pair_limit and v_sender < v_sender_limit
           then 'recipient' else 'sender' end);
  end if;
end
$$;
revoke execute on function private.check_unsolicited_mail(uuid, text, text) from public;

-- j•••@e•••.com: enough for the right person to recognise their address, not enough to learn it.
create or replace function private.mask_email(p_email text) returns text
language sql immutable set search_path = ''
as $$
  select pg_catalog.left(pg_catalog.split_part(p_email, '@', 1), 1) || '•••@'
      || pg_catalog.left(pg_catalog.split_part(p_email, '@', 2), 1) || '•••'
      || coalesce(pg_catalog.substring(pg_catalog.split_part(p_email, '@', 2), '\.[^.]+$'), '')
$$;
revoke execute on function private.mask_email(text) from public;

-- An invitation is answered within 30 days of being sent.
create or replace function private.invitation_state(p_kin public.next_of_kin) returns text
language sql stable set search_path = ''
as $$
  select case when p_kin.status = 'invited' and p_kin.invited_at is not null
                   and p_kin.invited_at + interval '30 days' <= private.app_now() then 'expired'
              else p_kin.status end
$$;
revoke execute on function private.invitation_state(public.next_of_kin) from public;

create or replace function public.legacy_invite(p_next_of_kin uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  perform private.require_aal_satisfied();
  select * into v_kin from public.next_of_kin k where k.id = p_next_of_kin and k.user_id = auth.uid() for update;
  if not found then perform private.http_refusal(404, 'not_found', 'Next of kin not found'); end if;
  if v_kin.email is null then raise exception 'Add an e-mail address to invite this person' using errcode = '22023'; end if;
  if v_kin.status = 'accepted' then
    perform private.http_refusal(409, 'kin_already_accepted', 'This person has already accepted');
  end if;
  perform private.check_unsolicited_mail(v_kin.user_id, v_kin.email, 'invited');
  update public.next_of_kin set status = 'invited', invited_at = private.app_now(), responded_at = null,
         invite_token_hash = encode(sha256(convert_to(v_token, 'UTF8')), 'hex')
   where id = v_kin.id;
  perform private.legacy_log(v_kin.user_id, 'invited', jsonb_build_object('next_of_kin_id', v_kin.id,
    'name', v_kin.full_name), v_kin.email, v_token);
end
$$;

-- The invited person answers once, signed in with the invited address, within 30 days. The token
-- stays on the contact so that the link keeps showing what became of the invitation.
create or replace function public.legacy_answer_invite(p_token text, p_accept boolean) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
  v_email text := private.user_email(auth.uid());
  v_state text;
begin
  perform private.require_aal_satisfied();
  if auth.uid() is null then raise exception 'Sign in first' using errcode = '42501'; end if;
  select * into v_kin from public.next_of_kin k
   where k.invite_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update;
  if not found then
    perform private.http_refusal(404, 'invitation_not_found', 'This invitation is not valid any more');
  end if;
  v_state := private.invitation_state(v_kin);
  if v_state in ('accepted', 'declined') then
    perform private.http_refusal(409, 'invitation_answered', 'This invitation was already answered', v_state);
  end if;
  if v_state = 'expired' then
    perform private.http_refusal(410, 'invitation_expired', 'This invitation has expired');
  end if;
  if lower(v_email) <> lower(v_kin.email) then
    perform private.http_refusal(403, 'invitation_for_another_address',
      'This invitation was sent to another address', private.mask_email(v_kin.email));
  end if;
  if v_kin.user_id = auth.uid() then raise exception 'You cannot be your own next of kin' using errcode = '42501'; end if;
  update public.next_of_kin set status = case when p_accept then 'accepted' else 'declined' end,
         kin_user_id = case when p_accept then auth.uid() end, responded_at = private.app_now()
   where id = v_kin.id;
  perform private.legacy_log(v_kin.user_id, case when p_accept then 'accepted' else 'declined' end,
    jsonb_build_object('next_of_kin_id', v_kin.id, 'name', v_kin.full_name), private.user_email(v_kin.user_id));
end
$$;

-- What the holder of an invitation link may know: who invited them, the invited address masked,
-- the state, and (when signed in) whether it is theirs. Signed-out visitors may call it: the
-- 256-bit token is the proof that the mail reached them.
create or replace function public.legacy_invitation(p_token text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_kin public.next_of_kin;
begin
  select * into v_kin from public.next_of_kin k
   where k.invite_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex');
  if not found then
    perform private.http_refusal(404, 'invitation_not_found', 'This invitation is not valid any more');
  end if;
  return jsonb_build_object(
    'state', private.invitation_state(v_kin),
    'inviter_name', (select p.full_name from public.user_profiles p where p.id = v_kin.user_id),
    'inviter_email', private.user_email(v_kin.user_id),
    'invited_email', private.mask_email(v_kin.email),
    'for_me', case when auth.uid() is null then null
                   else coalesce(auth.uid() = v_kin.kin_user_id, false)
                        or lower(v_kin.email) = lower(private.user_email(auth.uid())) end,
    'invited_at', v_kin.invited_at,
    'responded_at', v_kin.responded_at,
    'expires_at', v_kin.invited_at + interval '30 days');
end
$$;
revoke execute on function public.legacy_invitation(text) from public;
grant execute on function public.legacy_invitation(text) to anon, authenticated;

create or replace function public.offer_asset_transfer(p_asset uuid, p_email text) returns public.asset_transfers
language plpgsql security definer set search_path = ''
as $$
declare
  v_asset public.assets;
  v_row public.asset_transfers;
begin
  perform private.require_aal_satisfied();
  select * into v_asset from public.assets a where a.id = p_asset and a.owner_id = auth.uid();
  if not found then perform private.http_refusal(404, 'not_found', 'Asset not found'); end if;
  if v_asset.status <> 'active' then
    perform private.http_refusal(409, 'asset_not_active', 'Assets reported lost or stolen cannot be transferred');
  end if;
  if p_email is null or char_length(p_email) > 254 or p_email !~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter the e-mail address of the new owner' using errcode = '22023';
  end if;
  if lower(btrim(p_email)) = private.my_email() then
    raise exception 'You already own this asset' using errcode = '22023';
  end if;
  perform private.check_unsolicited_mail(auth.uid(), lower(btrim(p_email)), 'transfer_offered');
  insert into public.asset_transfers (asset_id, from_user_id, to_email) values (p_asset, auth.uid(), lower(btrim(p_email)))
  on conflict (asset_id, lower(to_email)) where state = 'pending' do update set created_at = now()
  returning * into v_row;
  perform private.legacy_log(auth.uid(), 'transfer_offered', jsonb_build_object('asset_id', p_asset,
    'title', v_asset.title, 'transfer_id', v_row.id), v_row.to_email);
  return v_row;
end
$$;

create or replace function public.cancel_asset_transfer(p_transfer uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  update public.asset_transfers set state = 'cancelled', decided_at = now()
   where id = p_transfer and from_user_id = auth.uid() and state = 'pending';
  if not found then perform private.http_refusal(404, 'not_found', 'No pending transfer to cancel'); end if;
end
$$;

-- What the holder of a transfer offer's link may know (its id is in the mail): the asset's title
-- and kind, who offers it, the recipient's address masked, the state, and whether it is theirs.
create or replace function public.asset_transfer_offer(p_transfer uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_row public.asset_transfers;
  v_asset public.assets;
begin
  select * into v_row from public.asset_transfers t where t.id = p_transfer;
  if not found then perform private.http_refusal(404, 'transfer_not_found', 'This transfer offer does not exist'); end if;
  select * into v_asset from public.assets a where a.id = v_row.asset_id;
  return jsonb_build_object(
    'id', v_row.id,
    'asset_id', v_row.asset_id,
    'state', v_row.state,
    'via_legacy', v_row.via_legacy,
    'title', v_asset.title,
    'kind', v_asset.kind,
    'sender_name', (select p.full_name from public.user_profiles p where p.id = v_row.from_user_id),
    'sender_email', private.user_email(v_row.from_user_id),
    'to_email', private.mask_email(v_row.to_email),
    'for_me', case when auth.uid() is null then null
                   else coalesce(auth.uid() = v_row.to_user_id, false)
                        or v_row.to_email = lower(private.user_email(auth.uid())) end,
    'offered_at', v_row.created_at,
    'decided_at', v_row.decided_at);
end
$$;
revoke execute on function public.asset_transfer_offer(uuid) from public;
grant execute on function public.asset_transfer_offer(uuid) to anon, authenticated;
