-- Indexes for the columns PostgreSQL looks rows up by without one (found by
-- packages/db/tests/indexes-for-keys-and-policies.int.test.ts, which now keeps them from coming back):
--
-- - Foreign keys. Deleting (or re-keying) the row a key points to looks up the rows that reference
--   it by the key's columns. Without an index that is a full scan of the referencing table, for
--   each deleted row: deleting one account cascades through a dozen tables, and a deleted asset,
--   message or purchase scans the tables that point at it.
-- - Columns a row-level policy compares with the caller. Every signed-in read filters on them; with
--   an index PostgreSQL reads only the caller's rows (decision 0137 lets the planner prefer it).
--
-- Plain one-column indexes: each serves the key's lookup and the policy's filter. The tables are
-- small when this runs on an existing install, so a plain CREATE INDEX (which holds writes for a
-- moment) is acceptable; migrations run inside a transaction, where CONCURRENTLY is not allowed.

-- Accounts (auth.users): what a deleted account cascades through or sets to null.
create index refresh_tokens_user_idx on auth.refresh_tokens (user_id);
create index admin_audit_log_admin_idx on public.admin_audit_log (admin_id);
create index asset_media_owner_idx on public.asset_media (owner_id);
create index asset_transfers_from_user_idx on public.asset_transfers (from_user_id);
create index asset_transfers_to_user_idx on public.asset_transfers (to_user_id);
create index business_products_business_idx on public.business_products (business_id);
create index business_requests_user_idx on public.business_requests (user_id);
create index business_requests_decided_by_idx on public.business_requests (decided_by);
create index contact_requests_owner_idx on public.contact_requests (owner_id);
create index legacy_requests_owner_idx on public.legacy_requests (owner_id);
create index moderation_reports_reporter_id_idx on public.moderation_reports (reporter_id);
create index next_of_kin_kin_user_idx on public.next_of_kin (kin_user_id);
create index token_transactions_actor_idx on public.token_transactions (actor_id);
create index referral_applications_referrer_idx on private.referral_applications (referrer_id);
create index referral_config_default_referrer_idx on private.referral_config (default_referrer_id);
create index objects_owner_idx on storage.objects (owner_id);

-- Assets, messages, units, kin, purchases and packages: what their deletion looks up.
create index asset_transfers_asset_idx on public.asset_transfers (asset_id);
create index contact_requests_asset_idx on public.contact_requests (asset_id);
create index contact_requests_message_idx on public.contact_requests (message_id);
create index contact_abuse_reports_message_idx on public.contact_abuse_reports (message_id);
create index moderation_reports_unit_idx on public.moderation_reports (unit_id);
create index legacy_requests_next_of_kin_idx on public.legacy_requests (next_of_kin_id);
create index stripe_events_purchase_idx on private.stripe_events (purchase_id);
create index token_purchases_package_idx on public.token_purchases (package_id);

-- Recipients read the transfers sent to their address: `lower(to_email) = private.my_email()`.
create index asset_transfers_to_email_idx on public.asset_transfers (lower(to_email));
