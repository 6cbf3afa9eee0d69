-- The transparency log of the asset ledger (issue 31, docs/decisions/0144): a Merkle tree over the
-- ledger's entries with RFC 9162 §2.1 hashing, kept in the same transaction as each entry.
--
--   leaf i (0-based)  = the entry with seq = i + 1; its data is the text the chain already hashes,
--                       "prev_hash|record_hash|seq|event|created_at" (UTF-8), so entry_hash stays
--                       SHA-256(data) and the old chain still verifies unchanged
--   leaf hash         = SHA-256(0x00 || data)
--   node hash         = SHA-256(0x01 || left || right)
--
-- private.log_nodes keeps every complete subtree: level 0 holds the leaf hashes, level k node j
-- covers leaves [j·2^k, (j+1)·2^k). A tree of any size is then a handful of these (its size's
-- binary digits), so a root, an inclusion proof or a consistency proof reads O(log n) rows, and a
-- C2SP tlog-tiles tile is a range of one level. About two rows per entry.
--
-- Signed tree heads (C2SP tlog-checkpoint notes, signed by the server's Ed25519 log key) and the
-- witnesses' cosignatures are written by the server (apps/server/src/assets/transparency-log.ts), never by the
-- API roles: these tables are in the private schema, with no grants.

create or replace function private.ledger_entry_text(p_prev text, p_record text, p_seq bigint, p_event text, p_at timestamptz)
returns text
language sql immutable parallel safe set search_path = ''
as $$
  select p_prev || '|' || p_record || '|' || p_seq::text || '|' || p_event || '|' || private.ledger_time(p_at)
$$;
revoke execute on function private.ledger_entry_text(text, text, bigint, text, timestamptz) from public;

create or replace function private.log_leaf_hash(p_entry text) returns bytea
language sql immutable parallel safe set search_path = ''
as $$
  select sha256('\x00'::bytea || convert_to(p_entry, 'UTF8'))
$$;
revoke execute on function private.log_leaf_hash(text) from public;

create table private.log_nodes (
  level smallint not null check (level between 0 and 62),
  idx bigint not null check (idx >= 0),
  hash bytea not null check (octet_length(hash) = 32),
  primary key (level, idx)
);
alter table private.log_nodes enable row level security;

create table private.log_heads (
  size bigint primary key check (size > 0),
  root bytea not null check (octet_length(root) = 32),
  -- The checkpoint text (origin, size, base64 root hash; each line ends in a newline) and the
  -- log's own signature line, as first signed. Cosignatures are kept apart and appended when served.
  body text not null,
  signature text not null check (signature like '— %'),
  key_name text not null,
  signed_at timestamptz not null default now(),
  -- RFC 3161 TimeStampToken (DER) over SHA-256(body), when TSA_URL is set.
  timestamp_token bytea,
  timestamped_at timestamptz
);
alter table private.log_heads enable row level security;

create table private.log_cosignatures (
  size bigint not null references private.log_heads (size),
  witness_name text not null,
  -- The note signature line, "— <name> base64(key ID || timestamp || signature)".
  line text not null check (line like '— %'),
  cosigned_at timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (size, witness_name)
);
alter table private.log_cosignatures enable row level security;

-- Appends the leaf of a new ledger entry and every complete subtree it closes. Runs in the
-- transaction that inserts the entry; appends are already serialised (append_asset_ledger takes an
-- advisory lock), and seq is gapless, so leaf index = seq - 1.
create or replace function private.log_append_leaf() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_idx bigint := new.seq - 1;
  v_level smallint := 0;
  v_hash bytea := private.log_leaf_hash(
    private.ledger_entry_text(new.prev_hash, new.record_hash, new.seq, new.event, new.created_at));
  v_left bytea;
begin
  if v_idx > 0 and not exists (select 1 from private.log_nodes where level = 0 and idx = v_idx - 1) then
    raise exception 'The transparency log has no leaf before entry %', new.seq using errcode = '55000';
  end if;
  insert into private.log_nodes (level, idx, hash) values (0, v_idx, v_hash);
  while v_idx % 2 = 1 loop
    select hash into v_left from private.log_nodes where level = v_level and idx = v_idx - 1;
    v_hash := sha256('\x01'::bytea || v_left || v_hash);
    v_idx := v_idx / 2;
    v_level := v_level + 1;
    insert into private.log_nodes (level, idx, hash) values (v_level, v_idx, v_hash);
  end loop;
  return null;
end
$$;
revoke execute on function private.log_append_leaf() from public;

create trigger asset_ledger_log_append after insert on public.asset_ledger
  for each row execute function private.log_append_leaf();

-- Builds the log of the entries recorded before this migration: leaves in one statement, then each
-- level from the one below (set-based, so a million entries take seconds rather than a loop of a
-- million inserts). Only on an empty log; the trigger keeps it from then on.
create or replace function private.log_build_from_ledger() returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  v_count bigint;
  v_max bigint;
  v_level smallint := 0;
  v_rows bigint;
begin
  if exists (select 1 from private.log_nodes) then
    raise exception 'The transparency log is already built' using errcode = '55000';
  end if;
  select count(*), coalesce(max(seq), 0) into v_count, v_max from public.asset_ledger;
  if v_count <> v_max then
    raise exception 'The asset ledger has gaps (% entries, last seq %): cannot build its log', v_count, v_max
      using errcode = '55000';
  end if;
  insert into private.log_nodes (level, idx, hash)
  select 0, l.seq - 1, private.log_leaf_hash(
           private.ledger_entry_text(l.prev_hash, l.record_hash, l.seq, l.event, l.created_at))
  from public.asset_ledger l;
  loop
    insert into private.log_nodes (level, idx, hash)
    select v_level + 1, a.idx / 2, sha256('\x01'::bytea || a.hash || b.hash)
    from private.log_nodes a
    join private.log_nodes b on b.level = v_level and b.idx = a.idx + 1
    where a.level = v_level and a.idx % 2 = 0;
    get diagnostics v_rows = row_count;
    exit when v_rows = 0;
    v_level := v_level + 1;
  end loop;
  return v_count;
end
$$;
revoke execute on function private.log_build_from_ledger() from public;

select private.log_build_from_ledger();
