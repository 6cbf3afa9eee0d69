-- The asset ledger names the owner of each entry (owner_id), and the owner of an asset reads the
-- asset's whole history ("Owners read the whole history of the assets they own"). After a transfer
-- that history holds the previous owner's entries, so the new owner read the previous owner's user
-- id. Signed-in users now read every column but owner_id: the hash chain needs only seq, event,
-- record_hash, prev_hash, entry_hash and created_at (the owner is inside record_hash, never readable
-- from it), so the chain still verifies for everyone. The policies keep comparing owner_id with the
-- caller; a policy's own column reads need no column privilege. The service role, the database
-- functions (security definer) and a user's data export (their own rows only) still read it.
revoke select on table public.asset_ledger from authenticated;
grant select (seq, asset_id, event, record_hash, prev_hash, entry_hash, created_at)
  on table public.asset_ledger to authenticated;
