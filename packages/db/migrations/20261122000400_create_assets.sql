-- Assets (issue 6): the things people tag and register, their media, the tagging price list, and
-- the tamper-evident asset ledger.
--
-- Who writes what:
--   * assets / asset_media rows are created only by private.register_asset(), which the server's
--     register-asset function calls after it has read the uploaded files (it charges the price in
--     the same transaction);
--   * owners edit their asset through the REST API, limited to the columns granted below; every
--     change appends a ledger entry (trigger);
--   * deletion goes through the delete-asset server function (so the stored files go too);
--   * public.asset_ledger is append-only: only the security definer functions here insert, and a
--     trigger refuses UPDATE and DELETE for everyone, the owner of the table included.

-- ---------------------------------------------------------------------------------------------
-- Serial numbers are compared without case, spaces or punctuation: "SN 12-ab" = "sn12AB".
create or replace function private.normalize_serial(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select nullif(upper(regexp_replace(coalesce(p, ''), '[^A-Za-z0-9]', '', 'g')), '')
$$;
grant execute on function private.normalize_serial(text) to anon, authenticated, service_role;

create table public.assets (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- The client's id for one submission: a retried register call returns the same asset and
  -- charges once.
  submission_id uuid not null,
  kind text not null check (kind in ('general', 'digital', 'legacy', 'business')),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text check (description is null or char_length(description) <= 5000),
  tags text[] not null default '{}' check (cardinality(tags) <= 30),
  estimated_value numeric(14, 2) check (estimated_value is null or estimated_value >= 0),
  currency text not null default 'GBP' check (currency ~ '^[A-Z]{3}$'),
  location text check (location is null or char_length(location) <= 300),
  privacy text not null default 'private' check (privacy in ('private', 'public')),
  -- What a public asset shows besides title, description, tags and media: opt-in only.
  share_value boolean not null default false,
  share_location boolean not null default false,
  status text not null default 'active' check (status in ('active', 'lost', 'stolen')),
  status_changed_at timestamptz,
  serial_number text check (serial_number is null or char_length(serial_number) <= 100),
  serial_normalized text generated always as (private.normalize_serial(serial_number)) stored,
  -- general ownership
  make text check (make is null or char_length(make) <= 100),
  model text check (model is null or char_length(model) <= 100),
  purchase_date date,
  purchase_price numeric(14, 2) check (purchase_price is null or purchase_price >= 0),
  -- digital asset / NFT
  asset_url text check (asset_url is null or (char_length(asset_url) <= 1000 and asset_url ~* '^(https?|ipfs|ar)://')),
  content_hash text check (content_hash is null or char_length(content_hash) <= 200),
  chain text check (chain is null or char_length(chain) <= 50),
  contract_address text check (contract_address is null or char_length(contract_address) <= 200),
  token_id text check (token_id is null or char_length(token_id) <= 200),
  -- will and legacy: never part of any public view
  heir_instructions text check (heir_instructions is null or char_length(heir_instructions) <= 10000),
  -- business inventory
  sku text check (sku is null or char_length(sku) <= 100),
  quantity integer check (quantity is null or quantity between 0 and 100000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (owner_id, submission_id)
);

create index assets_owner_created_idx on public.assets (owner_id, created_at desc);
create index assets_serial_idx on public.assets (serial_normalized) where serial_normalized is not null;
create index assets_public_created_idx on public.assets (created_at desc) where privacy = 'public';

alter table public.assets enable row level security;

grant select on public.assets to authenticated, service_role;
grant update (
  title, description, tags, estimated_value, currency, location, privacy, share_value, share_location,
  status, serial_number, make, model, purchase_date, purchase_price, asset_url, content_hash, chain,
  contract_address, token_id, heir_instructions, sku, quantity
) on public.assets to authenticated;
grant update on public.assets to service_role;

create policy "Owners can read their own assets" on public.assets
  for select to authenticated using (owner_id = auth.uid());
create policy "Owners can update their own assets" on public.assets
  for update to authenticated using (owner_id = auth.uid()) with check (owner_id = auth.uid());

create table public.asset_media (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references public.assets (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  bucket_id text not null default 'asset-media' check (bucket_id = 'asset-media'),
  object_name text not null unique,
  kind text not null check (kind in ('photo', 'video', 'document')),
  mime_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  -- Computed by the storage server from the stored bytes, never taken from the client.
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  duration_seconds numeric(8, 2) check (duration_seconds is null or duration_seconds >= 0),
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index asset_media_asset_idx on public.asset_media (asset_id, position);

alter table public.asset_media enable row level security;
grant select on public.asset_media to authenticated, service_role;

create policy "Owners can read their own media" on public.asset_media
  for select to authenticated using (owner_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- Pricing (TMT). Amounts live here, not in code; the register function and the quote read them.
create table public.asset_pricing (
  item text primary key check (item in ('base', 'photo_first', 'photo_additional', 'document_first', 'document_additional')),
  amount bigint not null check (amount >= 0),
  description text not null
);
create table public.asset_video_pricing (
  max_seconds integer primary key check (max_seconds > 0),
  amount bigint not null check (amount >= 0)
);
alter table public.asset_pricing enable row level security;
alter table public.asset_video_pricing enable row level security;
grant select on public.asset_pricing, public.asset_video_pricing to anon, authenticated, service_role;
grant insert, update, delete on public.asset_pricing, public.asset_video_pricing to service_role;
create policy "Anyone can read the tagging prices" on public.asset_pricing for select to anon, authenticated using (true);
create policy "Anyone can read the video prices" on public.asset_video_pricing for select to anon, authenticated using (true);

insert into public.asset_pricing (item, amount, description) values
  ('base', 10, 'Registration and ledger entry'),
  ('photo_first', 25, 'First photo'),
  ('photo_additional', 13, 'Each further photo'),
  ('document_first', 25, 'First document (PDF)'),
  ('document_additional', 13, 'Each further document (PDF)');
-- The longest tier is also the longest video accepted.
insert into public.asset_video_pricing (max_seconds, amount) values (60, 60), (120, 110);

-- The price of a registration. A video whose length the server could not read (null) is priced
-- at the longest tier. Raises 22023 for a video longer than the longest tier.
create or replace function private.asset_price(p_photos integer, p_documents integer, p_video_seconds numeric[])
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_price jsonb := '{}'::jsonb;
  v_lines jsonb := '[]'::jsonb;
  v_total bigint := 0;
  v_amount bigint;
  v_max integer;
  v_secs numeric;
  v_tier_amount bigint;
begin
  if coalesce(p_photos, 0) < 0 or coalesce(p_documents, 0) < 0 then
    raise exception 'Counts cannot be negative' using errcode = '22023';
  end if;
  select jsonb_object_agg(item, amount) into v_price from public.asset_pricing;
  select max(max_seconds) into v_max from public.asset_video_pricing;

  v_amount := coalesce((v_price ->> 'base')::bigint, 0);
  v_lines := v_lines || jsonb_build_object('item', 'base', 'label', 'Registration', 'count', 1, 'amount', v_amount);
  v_total := v_total + v_amount;

  if coalesce(p_photos, 0) > 0 then
    v_amount := (v_price ->> 'photo_first')::bigint + (p_photos - 1) * (v_price ->> 'photo_additional')::bigint;
    v_lines := v_lines || jsonb_build_object('item', 'photo', 'label', 'Photos', 'count', p_photos, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;
  if coalesce(p_documents, 0) > 0 then
    v_amount := (v_price ->> 'document_first')::bigint + (p_documents - 1) * (v_price ->> 'document_additional')::bigint;
    v_lines := v_lines || jsonb_build_object('item', 'document', 'label', 'Documents', 'count', p_documents, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;
  if p_video_seconds is not null then
    foreach v_secs in array p_video_seconds loop
      if v_secs is not null and v_secs < 0 then
        raise exception 'A video length cannot be negative' using errcode = '22023';
      end if;
      if v_secs is not null and v_secs > v_max then
        raise exception 'Videos can be at most % seconds long', v_max using errcode = '22023';
      end if;
      select amount into v_tier_amount from public.asset_video_pricing
        where max_seconds >= coalesce(ceil(v_secs), v_max) order by max_seconds limit 1;
      v_lines := v_lines || jsonb_build_object('item', 'video', 'label', 'Video', 'count', 1,
        'seconds', v_secs, 'amount', v_tier_amount);
      v_total := v_total + v_tier_amount;
    end loop;
  end if;
  return jsonb_build_object('total', v_total, 'lines', v_lines, 'max_video_seconds', v_max);
end
$$;
revoke execute on function private.asset_price(integer, integer, numeric[]) from public;

-- The quote the tagging screen shows before submitting (the same computation the charge uses).
create or replace function public.quote_asset_cost(p_photos integer default 0, p_documents integer default 0,
  p_video_seconds numeric[] default '{}')
returns jsonb
language sql stable security definer set search_path = ''
as $$
  select private.asset_price(p_photos, p_documents, p_video_seconds)
$$;
revoke execute on function public.quote_asset_cost(integer, integer, numeric[]) from public;
grant execute on function public.quote_asset_cost(integer, integer, numeric[]) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The asset ledger: one hash chain over every registration and change.
--   record_hash = sha256(canonical JSON of the asset record, media fingerprints included)
--   entry_hash  = sha256(prev_hash | record_hash | seq | event | created_at as UTC ISO-8601, µs)
-- The first entry's prev_hash is 64 zeros. Entries hold hashes only, so the chain can be
-- published and a deleted asset leaves no personal data behind.
create table public.asset_ledger (
  seq bigint primary key check (seq > 0),
  asset_id uuid not null,
  owner_id uuid,
  event text not null check (event in ('register', 'edit', 'privacy', 'lost', 'stolen', 'found', 'delete')),
  record_hash text not null check (record_hash ~ '^[0-9a-f]{64}$'),
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  entry_hash text not null unique check (entry_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null
);
create index asset_ledger_asset_idx on public.asset_ledger (asset_id, seq);
create index asset_ledger_owner_idx on public.asset_ledger (owner_id, seq);

alter table public.asset_ledger enable row level security;
grant select on public.asset_ledger to authenticated, service_role;
create policy "Owners can read the ledger entries of their assets" on public.asset_ledger
  for select to authenticated using (owner_id = auth.uid());

create or replace function private.asset_ledger_is_append_only() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The asset ledger is append-only' using errcode = '42501';
end
$$;
create trigger asset_ledger_append_only before update or delete on public.asset_ledger
  for each row execute function private.asset_ledger_is_append_only();
create trigger asset_ledger_no_truncate before truncate on public.asset_ledger
  for each statement execute function private.asset_ledger_is_append_only();

-- The canonical record of an asset. jsonb's text form is deterministic (sorted keys, fixed
-- spacing); timestamps are excluded because their text form depends on the session time zone.
create or replace function private.asset_record(p_asset public.assets) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_asset.id, 'owner_id', p_asset.owner_id, 'kind', p_asset.kind, 'title', p_asset.title,
    'description', p_asset.description, 'tags', to_jsonb(p_asset.tags),
    'estimated_value', p_asset.estimated_value, 'currency', p_asset.currency, 'location', p_asset.location,
    'privacy', p_asset.privacy, 'share_value', p_asset.share_value, 'share_location', p_asset.share_location,
    'status', p_asset.status, 'serial_number', p_asset.serial_number,
    'make', p_asset.make, 'model', p_asset.model, 'purchase_date', p_asset.purchase_date,
    'purchase_price', p_asset.purchase_price, 'asset_url', p_asset.asset_url, 'content_hash', p_asset.content_hash,
    'chain', p_asset.chain, 'contract_address', p_asset.contract_address, 'token_id', p_asset.token_id,
    'heir_instructions', p_asset.heir_instructions, 'sku', p_asset.sku, 'quantity', p_asset.quantity,
    'media', coalesce((
      select jsonb_agg(jsonb_build_object('sha256', m.sha256, 'kind', m.kind, 'mime_type', m.mime_type,
                                          'size_bytes', m.size_bytes) order by m.position, m.sha256)
      from public.asset_media m where m.asset_id = p_asset.id), '[]'::jsonb)
  )
$$;
revoke execute on function private.asset_record(public.assets) from public;

create or replace function private.sha256_hex(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select encode(sha256(convert_to(p, 'UTF8')), 'hex')
$$;
grant execute on function private.sha256_hex(text) to anon, authenticated, service_role;

create or replace function private.ledger_time(p timestamptz) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select to_char(p at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
grant execute on function private.ledger_time(timestamptz) to anon, authenticated, service_role;

create or replace function private.ledger_entry_hash(p_prev text, p_record text, p_seq bigint, p_event text, p_at timestamptz)
returns text
language sql immutable parallel safe set search_path = ''
as $$
  select private.sha256_hex(p_prev || '|' || p_record || '|' || p_seq::text || '|' || p_event || '|' || private.ledger_time(p_at))
$$;
grant execute on function private.ledger_entry_hash(text, text, bigint, text, timestamptz) to anon, authenticated, service_role;

-- Appends one entry. A transaction-scoped advisory lock serialises appends so that seq is gapless
-- and each entry links to the one before it.
create or replace function private.append_asset_ledger(p_asset public.assets, p_event text)
returns public.asset_ledger
language plpgsql security definer set search_path = ''
as $$
declare
  v_prev public.asset_ledger;
  v_entry public.asset_ledger;
  v_record_hash text := private.sha256_hex(private.asset_record(p_asset)::text);
  v_at timestamptz := date_trunc('microseconds', clock_timestamp());
begin
  perform pg_advisory_xact_lock(7249114001);
  select * into v_prev from public.asset_ledger order by seq desc limit 1;
  v_entry.seq := coalesce(v_prev.seq, 0) + 1;
  v_entry.prev_hash := coalesce(v_prev.entry_hash, repeat('0', 64));
  -- Keep created_at monotonic even if the clock steps back.
  if v_prev.created_at is not null and v_at < v_prev.created_at then
    v_at := v_prev.created_at;
  end if;
  v_entry.asset_id := p_asset.id;
  v_entry.owner_id := p_asset.owner_id;
  v_entry.event := p_event;
  v_entry.record_hash := v_record_hash;
  v_entry.created_at := v_at;
  v_entry.entry_hash := private.ledger_entry_hash(v_entry.prev_hash, v_record_hash, v_entry.seq, p_event, v_at);
  insert into public.asset_ledger values (v_entry.*);
  return v_entry;
end
$$;
revoke execute on function private.append_asset_ledger(public.assets, text) from public;

-- Edits through the REST API: keep status_changed_at and updated_at right, then record the change.
create or replace function private.assets_before_update() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.owner_id is distinct from old.owner_id or new.kind is distinct from old.kind
     or new.submission_id is distinct from old.submission_id or new.created_at is distinct from old.created_at then
    raise exception 'owner, kind and creation time of an asset cannot change' using errcode = '42501';
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger assets_before_update before update on public.assets
  for each row execute function private.assets_before_update();

create or replace function private.assets_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_event text;
  v_last text;
begin
  select record_hash into v_last from public.asset_ledger where asset_id = new.id order by seq desc limit 1;
  if v_last = private.sha256_hex(private.asset_record(new)::text) then
    return null; -- nothing recorded changed (e.g. an update that set the same values)
  end if;
  v_event := case
    when new.status is distinct from old.status then
      case when new.status = 'active' then 'found' else new.status end
    when new.privacy is distinct from old.privacy then 'privacy'
    else 'edit'
  end;
  perform private.append_asset_ledger(new, v_event);
  return null;
end
$$;
create trigger assets_after_update after update on public.assets
  for each row execute function private.assets_after_update();

-- Before the row (and, by cascade, its media rows) goes, record the deletion.
create or replace function private.assets_before_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.append_asset_ledger(old, 'delete');
  return old;
end
$$;
create trigger assets_before_delete before delete on public.assets
  for each row execute function private.assets_before_delete();

-- ---------------------------------------------------------------------------------------------
-- Signed checkpoints of the chain head. The server signs {seq, entry_hash, created_at} with its
-- key (ES256 JWT) after verifying the entries since the previous checkpoint.
create table public.ledger_checkpoints (
  seq bigint primary key,
  entry_hash text not null check (entry_hash ~ '^[0-9a-f]{64}$'),
  entry_created_at timestamptz not null,
  signature text not null,
  key_id text not null,
  signed_at timestamptz not null default now()
);
alter table public.ledger_checkpoints enable row level security;
grant select on public.ledger_checkpoints to anon, authenticated, service_role;
grant insert on public.ledger_checkpoints to service_role;
create policy "Anyone can read the signed checkpoints" on public.ledger_checkpoints
  for select to anon, authenticated using (true);
create policy "The server records checkpoints" on public.ledger_checkpoints
  for insert to service_role with check (true);

-- Recomputes the chain from p_from_seq to p_to_seq (each entry's hash, and its link to the entry
-- before it). Returns the first broken position, if any.
create or replace function public.verify_asset_ledger(p_from_seq bigint default 1, p_to_seq bigint default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  r public.asset_ledger;
  v_prev_hash text;
  v_expected_seq bigint := greatest(coalesce(p_from_seq, 1), 1);
  v_count bigint := 0;
  v_head public.asset_ledger;
begin
  if v_expected_seq = 1 then
    v_prev_hash := repeat('0', 64);
  else
    select entry_hash into v_prev_hash from public.asset_ledger where seq = v_expected_seq - 1;
    if v_prev_hash is null then
      return jsonb_build_object('ok', false, 'checked', 0, 'first_bad_seq', v_expected_seq - 1, 'reason', 'missing entry');
    end if;
  end if;
  for r in select * from public.asset_ledger
           where seq >= v_expected_seq and (p_to_seq is null or seq <= p_to_seq) order by seq loop
    if r.seq <> v_expected_seq then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', v_expected_seq, 'reason', 'missing entry');
    end if;
    if r.prev_hash <> v_prev_hash then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', r.seq, 'reason', 'broken link');
    end if;
    if r.entry_hash <> private.ledger_entry_hash(r.prev_hash, r.record_hash, r.seq, r.event, r.created_at) then
      return jsonb_build_object('ok', false, 'checked', v_count, 'first_bad_seq', r.seq, 'reason', 'entry hash mismatch');
    end if;
    v_prev_hash := r.entry_hash;
    v_expected_seq := v_expected_seq + 1;
    v_count := v_count + 1;
    v_head := r;
  end loop;
  return jsonb_build_object('ok', true, 'checked', v_count, 'head_seq', v_head.seq, 'head_hash', v_head.entry_hash,
    'head_created_at', private.ledger_time(v_head.created_at));
end
$$;
revoke execute on function public.verify_asset_ledger(bigint, bigint) from public;
grant execute on function public.verify_asset_ledger(bigint, bigint) to anon, authenticated, service_role;

-- The public chain: hashes and positions only (no asset or owner ids), for anyone who wants to
-- walk from a certificate's entry to a signed checkpoint.
create or replace function public.get_ledger_entries(p_from_seq bigint, p_limit integer default 500)
returns table (seq bigint, event text, record_hash text, prev_hash text, entry_hash text, created_at text)
language sql stable security definer set search_path = ''
as $$
  select l.seq, l.event, l.record_hash, l.prev_hash, l.entry_hash, private.ledger_time(l.created_at)
  from public.asset_ledger l
  where l.seq >= greatest(p_from_seq, 1)
  order by l.seq
  limit least(greatest(coalesce(p_limit, 500), 1), 1000)
$$;
revoke execute on function public.get_ledger_entries(bigint, integer) from public;
grant execute on function public.get_ledger_entries(bigint, integer) to anon, authenticated, service_role;

-- Proof for one asset: its latest entry, whether that entry's hash recomputes and links to the
-- entry before it, and whether the asset as stored still matches the recorded record hash.
create or replace function private.asset_proof(p_asset public.assets) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  e public.asset_ledger;
  v_prev_hash text;
  v_first public.asset_ledger;
  v_cp public.ledger_checkpoints;
begin
  select * into e from public.asset_ledger where asset_id = p_asset.id order by seq desc limit 1;
  if e.seq is null then
    return null;
  end if;
  select * into v_first from public.asset_ledger where asset_id = p_asset.id order by seq limit 1;
  select entry_hash into v_prev_hash from public.asset_ledger where seq = e.seq - 1;
  select * into v_cp from public.ledger_checkpoints where seq >= e.seq order by seq limit 1;
  return jsonb_build_object(
    'seq', e.seq, 'event', e.event, 'record_hash', e.record_hash, 'prev_hash', e.prev_hash,
    'entry_hash', e.entry_hash, 'created_at', private.ledger_time(e.created_at),
    'registered_seq', v_first.seq,
    'entry_valid', e.entry_hash = private.ledger_entry_hash(e.prev_hash, e.record_hash, e.seq, e.event, e.created_at)
                   and e.prev_hash = coalesce(v_prev_hash, case when e.seq = 1 then repeat('0', 64) end),
    'record_matches', e.record_hash = private.sha256_hex(private.asset_record(p_asset)::text),
    'checkpoint', case when v_cp.seq is null then null else jsonb_build_object(
      'seq', v_cp.seq, 'entry_hash', v_cp.entry_hash, 'signature', v_cp.signature, 'key_id', v_cp.key_id,
      'signed_at', private.ledger_time(v_cp.signed_at)) end
  );
end
$$;
revoke execute on function private.asset_proof(public.assets) from public;

-- The owner's view of an asset's proof (used by the detail page and the certificate).
create or replace function public.get_asset_proof(p_asset_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  a public.assets;
begin
  select * into a from public.assets where id = p_asset_id;
  if a.id is null or (a.owner_id is distinct from auth.uid() and auth.role() <> 'service_role') then
    raise exception 'Asset not found' using errcode = 'P0002';
  end if;
  return private.asset_proof(a) || jsonb_build_object('record', private.asset_record(a));
end
$$;
revoke execute on function public.get_asset_proof(uuid) from public;
grant execute on function public.get_asset_proof(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Registration. Called by the register-asset server function as service_role with the caller's
-- id and, for each uploaded object, the video length the server read from the file. Everything
-- else (owner of the object, type, size, SHA-256) comes from storage.objects, written by the
-- storage server. Charges the price with private.ledger_post in the same transaction.
create or replace function private.register_asset(
  p_owner uuid, p_submission_id uuid, p_asset jsonb, p_media jsonb, p_expected_cost bigint default null
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_existing public.assets;
  v_asset public.assets;
  v_item jsonb;
  v_obj record;
  v_name text;
  v_mime text;
  v_size bigint;
  v_sha text;
  v_kind text;
  v_secs numeric;
  v_photos integer := 0;
  v_docs integer := 0;
  v_videos numeric[] := '{}';
  v_media jsonb := '[]'::jsonb;
  v_quote jsonb;
  v_cost bigint;
  v_pos integer := 0;
  v_entry public.asset_ledger;
  v_kind_in text := coalesce(p_asset ->> 'kind', 'general');
  v_limit bigint;
begin
  if p_owner is null or p_submission_id is null then
    raise exception 'owner and submission id are required' using errcode = '22023';
  end if;

  -- A retry of a submission that already succeeded: return it, charge nothing more.
  select * into v_existing from public.assets where owner_id = p_owner and submission_id = p_submission_id;
  if v_existing.id is not null then
    return jsonb_build_object('asset_id', v_existing.id, 'replayed', true);
  end if;

  if jsonb_typeof(coalesce(p_media, '[]'::jsonb)) <> 'array' then
    raise exception 'media must be a list' using errcode = '22023';
  end if;
  if jsonb_array_length(coalesce(p_media, '[]'::jsonb)) > 20 then
    raise exception 'At most 20 files per asset' using errcode = '22023';
  end if;

  for v_item in select * from jsonb_array_elements(coalesce(p_media, '[]'::jsonb)) loop
    v_name := v_item ->> 'name';
    if v_name is null or v_name !~ ('^' || p_owner::text || '/pending/[0-9a-f-]{36}\.[a-z0-9]{1,5}$') then
      raise exception 'File % is not one of your uploads', coalesce(v_name, '(none)') using errcode = '42501';
    end if;
    select o.name, o.metadata into v_obj from storage.objects o
      where o.bucket_id = 'asset-media' and o.name = v_name for update;
    if v_obj.name is null then
      raise exception 'File % was not uploaded', v_name using errcode = '22023';
    end if;
    if exists (select 1 from public.asset_media m where m.object_name = v_name) then
      raise exception 'File % already belongs to an asset', v_name using errcode = '22023';
    end if;
    v_mime := lower(v_obj.metadata ->> 'mimetype');
    v_size := (v_obj.metadata ->> 'size')::bigint;
    v_sha := lower(v_obj.metadata ->> 'sha256');
    if v_sha is null or v_sha !~ '^[0-9a-f]{64}$' then
      raise exception 'File % has no fingerprint', v_name using errcode = '22023';
    end if;
    v_kind := case
      when v_mime in ('image/jpeg', 'image/png', 'image/webp', 'image/heic') then 'photo'
      when v_mime in ('video/mp4', 'video/quicktime', 'video/webm') then 'video'
      when v_mime = 'application/pdf' then 'document'
    end;
    if v_kind is null then
      raise exception 'File type % is not accepted', coalesce(v_mime, 'unknown') using errcode = '22023';
    end if;
    v_limit := case v_kind when 'video' then 100 * 1024 * 1024 else 15 * 1024 * 1024 end;
    if v_size is null or v_size > v_limit then
      raise exception 'File % is larger than % MB', v_name, v_limit / 1024 / 1024 using errcode = '22023';
    end if;
    v_secs := null;
    if v_kind = 'photo' then
      v_photos := v_photos + 1;
    elsif v_kind = 'document' then
      v_docs := v_docs + 1;
    else
      v_secs := nullif(v_item ->> 'duration_seconds', '')::numeric;
      v_videos := v_videos || v_secs;
    end if;
    v_media := v_media || jsonb_build_object('name', v_name, 'kind', v_kind, 'mime', v_mime, 'size', v_size,
      'sha256', v_sha, 'duration', v_secs, 'position', v_pos);
    v_pos := v_pos + 1;
  end loop;

  if (select count(distinct e ->> 'name') from jsonb_array_elements(v_media) e) <> jsonb_array_length(v_media) then
    raise exception 'The same file is listed twice' using errcode = '22023';
  end if;

  v_quote := private.asset_price(v_photos, v_docs, v_videos);
  v_cost := (v_quote ->> 'total')::bigint;
  if p_expected_cost is not null and p_expected_cost <> v_cost then
    raise exception 'The price for these files is % TMT', v_cost using errcode = 'PT409', detail = v_quote::text;
  end if;

  -- A will-and-legacy asset is never public: its purpose is private instructions.
  if v_kind_in = 'legacy' and coalesce(p_asset ->> 'privacy', 'private') = 'public' then
    raise exception 'Will and legacy assets are always private' using errcode = '22023';
  end if;
  if v_kind_in not in ('general', 'digital', 'legacy', 'business') then
    raise exception 'Unknown asset kind %', v_kind_in using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(p_asset ->> 'title', ''))) = 0 then
    raise exception 'Title is required' using errcode = '22023';
  end if;

  insert into public.assets (
    owner_id, submission_id, kind, title, description, tags, estimated_value, currency, location, privacy,
    share_value, share_location, serial_number, make, model, purchase_date, purchase_price, asset_url,
    content_hash, chain, contract_address, token_id, heir_instructions, sku, quantity
  ) values (
    p_owner, p_submission_id, v_kind_in, btrim(coalesce(p_asset ->> 'title', '')),
    nullif(btrim(p_asset ->> 'description'), ''),
    coalesce((select array_agg(distinct btrim(t)) from jsonb_array_elements_text(
      case when jsonb_typeof(p_asset -> 'tags') = 'array' then p_asset -> 'tags' else '[]'::jsonb end) t
      where btrim(t) <> ''), '{}'),
    nullif(p_asset ->> 'estimated_value', '')::numeric,
    coalesce(nullif(upper(p_asset ->> 'currency'), ''), 'GBP'),
    nullif(btrim(p_asset ->> 'location'), ''),
    coalesce(nullif(p_asset ->> 'privacy', ''), 'private'),
    coalesce((p_asset ->> 'share_value')::boolean, false),
    coalesce((p_asset ->> 'share_location')::boolean, false),
    nullif(btrim(p_asset ->> 'serial_number'), ''),
    nullif(btrim(p_asset ->> 'make'), ''), nullif(btrim(p_asset ->> 'model'), ''),
    nullif(p_asset ->> 'purchase_date', '')::date, nullif(p_asset ->> 'purchase_price', '')::numeric,
    nullif(btrim(p_asset ->> 'asset_url'), ''), nullif(btrim(p_asset ->> 'content_hash'), ''),
    nullif(btrim(p_asset ->> 'chain'), ''), nullif(btrim(p_asset ->> 'contract_address'), ''),
    nullif(btrim(p_asset ->> 'token_id'), ''),
    case when v_kind_in = 'legacy' then nullif(btrim(p_asset ->> 'heir_instructions'), '') end,
    nullif(btrim(p_asset ->> 'sku'), ''), nullif(p_asset ->> 'quantity', '')::integer
  ) returning * into v_asset;

  insert into public.asset_media (asset_id, owner_id, object_name, kind, mime_type, size_bytes, sha256, duration_seconds, position)
  select v_asset.id, p_owner, e ->> 'name', e ->> 'kind', e ->> 'mime', (e ->> 'size')::bigint, e ->> 'sha256',
         (e ->> 'duration')::numeric, (e ->> 'position')::integer
  from jsonb_array_elements(v_media) e;

  if v_cost > 0 then
    perform private.ledger_post(p_owner, -v_cost, 'tag_asset', 'Tagged asset: ' || left(v_asset.title, 100),
      'asset:' || v_asset.id::text, 'tag_asset:' || p_submission_id::text);
  end if;

  v_entry := private.append_asset_ledger(v_asset, 'register');

  return jsonb_build_object('asset_id', v_asset.id, 'cost', v_cost, 'quote', v_quote, 'ledger_seq', v_entry.seq,
    'record_hash', v_entry.record_hash, 'entry_hash', v_entry.entry_hash, 'replayed', false);
end
$$;
revoke execute on function private.register_asset(uuid, uuid, jsonb, jsonb, bigint) from public;
grant execute on function private.register_asset(uuid, uuid, jsonb, jsonb, bigint) to service_role;

-- Legacy assets stay private whatever an update says.
alter table public.assets add constraint assets_legacy_is_private check (kind <> 'legacy' or privacy = 'private');

-- ---------------------------------------------------------------------------------------------
-- Reading lists. security invoker: RLS decides what the caller sees (their own assets).
create or replace function public.search_my_assets(
  p_query text default null, p_kind text default null, p_privacy text default null, p_media text default null,
  p_status text default null, p_sort text default 'created_at', p_ascending boolean default false,
  p_limit integer default 24, p_offset integer default 0
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v_like text := case when nullif(btrim(p_query), '') is null then null
    else '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_serial text := private.normalize_serial(p_query);
  v_result jsonb;
begin
  with filtered as (
    select a.id, a.title, a.created_at, a.estimated_value from public.assets a
    where (v_like is null
           or a.title ilike v_like or a.description ilike v_like
           or exists (select 1 from unnest(a.tags) t where t ilike v_like)
           or (v_serial is not null and a.serial_normalized like '%' || v_serial || '%')
           or a.sku ilike v_like)
      and (p_kind is null or a.kind = p_kind)
      and (p_privacy is null or a.privacy = p_privacy)
      and (p_status is null or a.status = p_status)
      and (p_media is null or exists (select 1 from public.asset_media m where m.asset_id = a.id and m.kind = p_media))
  ), ordered as (
    select f.id, row_number() over (order by
      case when p_sort = 'title' and p_ascending then lower(f.title) end asc,
      case when p_sort = 'title' and not p_ascending then lower(f.title) end desc,
      case when p_sort = 'value' and p_ascending then f.estimated_value end asc nulls last,
      case when p_sort = 'value' and not p_ascending then f.estimated_value end desc nulls last,
      case when p_ascending then f.created_at end asc,
      f.created_at desc, f.id) as ord
    from filtered f
  ), page as (
    select o.id, o.ord from ordered o order by o.ord
    limit least(greatest(coalesce(p_limit, 24), 1), 100) offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from filtered),
    'items', coalesce((select jsonb_agg((to_jsonb(a) - 'submission_id') || jsonb_build_object('media', coalesce((
        select jsonb_agg(jsonb_build_object('id', m.id, 'object_name', m.object_name, 'kind', m.kind,
          'mime_type', m.mime_type, 'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds)
          order by m.position)
        from public.asset_media m where m.asset_id = a.id), '[]'::jsonb)) order by p.ord)
      from page p join public.assets a on a.id = p.id), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;
revoke execute on function public.search_my_assets(text, text, text, text, text, text, boolean, integer, integer) from public;
grant execute on function public.search_my_assets(text, text, text, text, text, text, boolean, integer, integer) to authenticated;

-- What a public asset shows to everyone: never the owner's identity or legacy instructions;
-- value and location only when the owner opted in.
create or replace function private.public_asset_json(a public.assets) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'title', a.title, 'description', a.description, 'tags', to_jsonb(a.tags),
    'status', a.status, 'serial_number', a.serial_number, 'make', a.make, 'model', a.model,
    'asset_url', a.asset_url, 'chain', a.chain, 'contract_address', a.contract_address, 'token_id', a.token_id,
    'sku', a.sku, 'created_at', a.created_at,
    'estimated_value', case when a.share_value then a.estimated_value end,
    'currency', case when a.share_value then a.currency end,
    'location', case when a.share_location then a.location end,
    'media', coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'object_name', m.object_name, 'kind', m.kind,
        'mime_type', m.mime_type, 'size_bytes', m.size_bytes, 'sha256', m.sha256, 'duration_seconds', m.duration_seconds)
        order by m.position) from public.asset_media m where m.asset_id = a.id), '[]'::jsonb)
  )
$$;
revoke execute on function private.public_asset_json(public.assets) from public;

create or replace function public.search_public_assets(
  p_query text default null, p_kind text default null, p_media text default null,
  p_sort text default 'created_at', p_ascending boolean default false, p_limit integer default 24, p_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_like text := case when nullif(btrim(p_query), '') is null then null
    else '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_serial text := private.normalize_serial(p_query);
  v_result jsonb;
begin
  with filtered as (
    select a.id, a.title, a.created_at from public.assets a
    where a.privacy = 'public'
      and (v_like is null
           or a.title ilike v_like or a.description ilike v_like
           or exists (select 1 from unnest(a.tags) t where t ilike v_like)
           or (v_serial is not null and a.serial_normalized like '%' || v_serial || '%'))
      and (p_kind is null or a.kind = p_kind)
      and (p_media is null or exists (select 1 from public.asset_media m where m.asset_id = a.id and m.kind = p_media))
  ), ordered as (
    select f.id, row_number() over (order by
      case when p_sort = 'title' and p_ascending then lower(f.title) end asc,
      case when p_sort = 'title' and not p_ascending then lower(f.title) end desc,
      case when p_ascending then f.created_at end asc,
      f.created_at desc, f.id) as ord
    from filtered f
  ), page as (
    select o.id, o.ord from ordered o order by o.ord
    limit least(greatest(coalesce(p_limit, 24), 1), 100) offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from filtered),
    'items', coalesce((select jsonb_agg(private.public_asset_json(a) order by p.ord)
      from page p join public.assets a on a.id = p.id), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;
revoke execute on function public.search_public_assets(text, text, text, text, boolean, integer, integer) from public;
grant execute on function public.search_public_assets(text, text, text, text, boolean, integer, integer) to anon, authenticated;

create or replace function public.get_public_asset(p_asset_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select private.public_asset_json(a) || jsonb_build_object('proof', private.asset_proof(a))
  from public.assets a where a.id = p_asset_id and a.privacy = 'public'
$$;
revoke execute on function public.get_public_asset(uuid) from public;
grant execute on function public.get_public_asset(uuid) to anon, authenticated;

-- /verify/:serial. Answers for every registered asset with this serial (private ones too, since a
-- buyer must learn that a serial is reported stolen), but shows the title and details only of
-- public assets, and never the owner. Results carry a "source" so business products can join.
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
revoke execute on function public.verify_serial(text) from public;
grant execute on function public.verify_serial(text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Messages from finders and buyers to an owner, relayed by the contact-owner function. The owner
-- reads the message but not the sender's address (column privileges); replies go through the relay.
create table public.asset_messages (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references public.assets (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  sender_name text check (sender_name is null or char_length(sender_name) <= 100),
  sender_email text not null check (char_length(sender_email) <= 254),
  message text not null check (char_length(btrim(message)) between 1 and 2000),
  sender_ip text,
  replied_at timestamptz,
  created_at timestamptz not null default now()
);
create index asset_messages_owner_idx on public.asset_messages (owner_id, created_at desc);
create index asset_messages_asset_idx on public.asset_messages (asset_id);
alter table public.asset_messages enable row level security;
grant select (id, asset_id, owner_id, sender_name, message, replied_at, created_at) on public.asset_messages to authenticated;
grant select, insert, update on public.asset_messages to service_role;
create policy "Owners can read messages about their assets" on public.asset_messages
  for select to authenticated using (owner_id = auth.uid());
