-- Ownership transfer: an owner offers an asset to a person by e-mail; that person, signed in with
-- the address, accepts, and the asset moves with its media and history and a ledger `transfer`
-- entry. A released legacy offers each asset to the next of kin with the inherit level the same
-- way, so "take ownership" is one path. Lost or stolen assets cannot be offered or accepted.

alter table public.asset_ledger drop constraint asset_ledger_event_check;
alter table public.asset_ledger add constraint asset_ledger_event_check
  check (event in ('register', 'edit', 'privacy', 'lost', 'stolen', 'found', 'delete', 'transfer'));

alter table public.legacy_events drop constraint legacy_events_kind_check;
alter table public.legacy_events add constraint legacy_events_kind_check
  check (kind in ('switch_changed', 'invited', 'accepted', 'declined', 'reminder', 'final_notice', 'pause_ended',
    'early_request', 'request_refused', 'release_scheduled', 'released', 'release_notice', 'activity',
    'transfer_offered', 'transfer_accepted'));

create table public.asset_transfers (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references public.assets (id) on delete cascade,
  from_user_id uuid not null references auth.users (id) on delete cascade,
  to_email text not null check (char_length(to_email) <= 254 and to_email ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  via_legacy boolean not null default false,
  state text not null default 'pending' check (state in ('pending', 'accepted', 'cancelled')),
  to_user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create unique index asset_transfers_one_pending_idx on public.asset_transfers (asset_id, lower(to_email)) where state = 'pending';
alter table public.asset_transfers enable row level security;
grant select on public.asset_transfers to authenticated;
grant select, insert, update, delete on public.asset_transfers to service_role;

create or replace function private.my_email() returns text
language sql stable security definer set search_path = ''
as $$ select lower(u.email) from auth.users u where u.id = auth.uid() $$;
revoke execute on function private.my_email() from public;
grant execute on function private.my_email() to authenticated;

create policy "Senders and recipients read transfers" on public.asset_transfers
  for select to authenticated using (from_user_id = auth.uid() or lower(to_email) = (select private.my_email()));
create policy "Two-factor users need an aal2 session" on public.asset_transfers as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- An asset's owner changes only inside a security-definer function (the caller is then the
-- function's owner, never an API role).
create or replace function private.assets_before_update() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.kind is distinct from old.kind or new.submission_id is distinct from old.submission_id
     or new.created_at is distinct from old.created_at
     or (new.owner_id is distinct from old.owner_id and current_user in ('anon', 'authenticated', 'service_role')) then
    raise exception 'owner, kind and creation time of an asset cannot change' using errcode = '42501';
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$$;

create or replace function private.assets_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_event text;
  v_last text;
begin
  select record_hash into v_last from public.asset_ledger where asset_id = new.id order by seq desc limit 1;
  if v_last = private.sha256_hex(private.asset_record(new)::text) then
    return null;
  end if;
  v_event := case
    when new.owner_id is distinct from old.owner_id then 'transfer'
    when new.status is distinct from old.status then
      case when new.status = 'active' then 'found' else new.status end
    when new.privacy is distinct from old.privacy then 'privacy'
    else 'edit'
  end;
  perform private.append_asset_ledger(new, v_event);
  return null;
end
$$;

-- Media files keep their names (the first owner's folder); reading follows the media row's owner.
create or replace function private.asset_media_owner(p_name text) returns uuid
language sql stable security definer set search_path = ''
as $$ select m.owner_id from public.asset_media m where m.object_name = p_name limit 1 $$;
revoke execute on function private.asset_media_owner(text) from public;
grant execute on function private.asset_media_owner(text) to anon, authenticated, service_role;
drop policy "Users can read their own asset media" on storage.objects;
create policy "Users can read their own asset media" on storage.objects
  for select to authenticated
  using (bucket_id = 'asset-media' and (
    ((storage.foldername(name))[1] = auth.uid()::text and private.asset_media_owner(name) is null)
    or private.asset_media_owner(name) = auth.uid()));

create or replace function private.transfer_asset(p_transfer public.asset_transfers, p_to uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_asset public.assets;
begin
  select * into v_asset from public.assets a where a.id = p_transfer.asset_id for update;
  if v_asset.owner_id <> p_transfer.from_user_id then
    raise exception 'This asset has changed hands since the offer' using errcode = '55000';
  end if;
  if v_asset.status <> 'active' then
    raise exception 'Assets reported lost or stolen cannot be transferred' using errcode = '55000';
  end if;
  update public.asset_media set owner_id = p_to where asset_id = v_asset.id;
  update storage.objects o set owner = p_to, owner_id = p_to::text
    from public.asset_media m where m.asset_id = v_asset.id and o.bucket_id = 'asset-media' and o.name = m.object_name;
  update public.assets set owner_id = p_to where id = v_asset.id;
  update public.asset_transfers set state = 'accepted', to_user_id = p_to, decided_at = now() where id = p_transfer.id;
  -- Other offers of the same asset lapse.
  update public.asset_transfers set state = 'cancelled', decided_at = now()
   where asset_id = v_asset.id and state = 'pending' and id <> p_transfer.id;
  perform private.legacy_log(p_transfer.from_user_id, 'transfer_accepted',
    jsonb_build_object('asset_id', v_asset.id, 'title', v_asset.title), private.user_email(p_transfer.from_user_id));
end
$$;
revoke execute on function private.transfer_asset(public.asset_transfers, uuid) from public;

create or replace function public.offer_asset_transfer(p_asset uuid, p_email text) returns public.asset_transfers
language plpgsql security definer set search_path = ''
as $$
declare
  v_asset public.assets;
  v_row public.asset_transfers;
begin
  perform private.require_aal_satisfied();
  select * into v_asset from public.assets a where a.id = p_asset and a.owner_id = auth.uid();
  if not found then raise exception 'Asset not found' using errcode = 'P0002'; end if;
  if v_asset.status <> 'active' then
    raise exception 'Assets reported lost or stolen cannot be transferred' using errcode = '55000';
  end if;
  if p_email is null or char_length(p_email) > 254 or p_email !~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter the e-mail address of the new owner' using errcode = '22023';
  end if;
  if lower(p_email) = private.my_email() then
    raise exception 'You already own this asset' using errcode = '22023';
  end if;
  insert into public.asset_transfers (asset_id, from_user_id, to_email) values (p_asset, auth.uid(), lower(btrim(p_email)))
  on conflict (asset_id, lower(to_email)) where state = 'pending' do update set created_at = now()
  returning * into v_row;
  perform private.legacy_log(auth.uid(), 'transfer_offered', jsonb_build_object('asset_id', p_asset,
    'title', v_asset.title, 'transfer_id', v_row.id), v_row.to_email);
  return v_row;
end
$$;
revoke execute on function public.offer_asset_transfer(uuid, text) from public;
grant execute on function public.offer_asset_transfer(uuid, text) to authenticated;

create or replace function public.cancel_asset_transfer(p_transfer uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  update public.asset_transfers set state = 'cancelled', decided_at = now()
   where id = p_transfer and from_user_id = auth.uid() and state = 'pending';
  if not found then raise exception 'No pending transfer to cancel' using errcode = 'P0002'; end if;
end
$$;
revoke execute on function public.cancel_asset_transfer(uuid) from public;
grant execute on function public.cancel_asset_transfer(uuid) to authenticated;

create or replace function public.accept_asset_transfer(p_transfer uuid) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.asset_transfers;
begin
  perform private.require_aal_satisfied();
  select * into v_row from public.asset_transfers t
   where t.id = p_transfer and t.state = 'pending' and lower(t.to_email) = private.my_email() for update;
  if not found then raise exception 'No pending transfer to you' using errcode = 'P0002'; end if;
  perform private.transfer_asset(v_row, auth.uid());
  return v_row.asset_id;
end
$$;
revoke execute on function public.accept_asset_transfer(uuid) from public;
grant execute on function public.accept_asset_transfer(uuid) to authenticated;

-- What a recipient sees of the assets offered to them (the asset row itself stays the owner's).
create or replace function public.my_incoming_transfers() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  return coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'asset_id', a.id, 'title', a.title, 'kind', a.kind,
      'status', a.status, 'via_legacy', t.via_legacy, 'offered_at', t.created_at) order by t.created_at)
    from public.asset_transfers t join public.assets a on a.id = t.asset_id
   where t.state = 'pending' and lower(t.to_email) = private.my_email()), '[]');
end
$$;
revoke execute on function public.my_incoming_transfers() from public;
grant execute on function public.my_incoming_transfers() to authenticated;

-- A release offers each released asset to every next of kin with the inherit level.
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
  for v_kin in select k.id, k.full_name, k.email, k.access_level, k.receives_kinds, k.receives_assets
                 from public.next_of_kin k where k.user_id = p_owner and k.status = 'accepted' loop
    perform private.legacy_log(p_owner, 'release_notice', jsonb_build_object('next_of_kin_id', v_kin.id,
      'name', v_kin.full_name), v_kin.email);
    if v_kin.access_level = 'inherit' then
      insert into public.asset_transfers (asset_id, from_user_id, to_email, via_legacy)
      select a.id, p_owner, lower(v_kin.email), true from public.assets a
       where a.owner_id = p_owner and a.status = 'active'
         and (a.kind = any (v_kin.receives_kinds) or a.id = any (v_kin.receives_assets))
      on conflict do nothing;
    end if;
  end loop;
end
$$;
revoke execute on function private.legacy_release(uuid, text) from public;

-- /verify: a match says when its asset last changed hands, without saying between whom.
create or replace function public.verify_serial(p_serial text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_norm text := private.normalize_serial(p_serial);
  v_matches jsonb;
  v_cp public.ledger_checkpoints;
begin
  if v_norm is null or char_length(p_serial) > 100 then
    raise exception 'Enter a serial number' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'source', 'asset', 'asset_id', a.id, 'kind', a.kind, 'registered_at', a.created_at,
      'status', a.status, 'status_changed_at', a.status_changed_at, 'is_public', a.privacy = 'public',
      'title', case when a.privacy = 'public' then a.title end,
      'make', case when a.privacy = 'public' then a.make end,
      'model', case when a.privacy = 'public' then a.model end,
      'serial_number', a.serial_number,
      'transferred_at', (select max(l.created_at) from public.asset_ledger l where l.asset_id = a.id and l.event = 'transfer'),
      'proof', private.asset_proof(a)) order by a.created_at), '[]'::jsonb)
    into v_matches
  from public.assets a where a.serial_normalized = v_norm;
  select * into v_cp from public.ledger_checkpoints order by seq desc limit 1;
  return jsonb_build_object('serial', p_serial, 'normalized', v_norm, 'registered', jsonb_array_length(v_matches) > 0,
    'matches', v_matches,
    'latest_checkpoint', case when v_cp.seq is null then null else jsonb_build_object('seq', v_cp.seq,
      'entry_hash', v_cp.entry_hash, 'signature', v_cp.signature, 'key_id', v_cp.key_id,
      'signed_at', private.ledger_time(v_cp.signed_at)) end);
end
$$;

-- The history moves with the asset: its current owner reads all of its ledger entries.
create policy "Owners read the whole history of the assets they own" on public.asset_ledger
  for select to authenticated
  using (exists (select 1 from public.assets a where a.id = asset_id and a.owner_id = auth.uid()));
