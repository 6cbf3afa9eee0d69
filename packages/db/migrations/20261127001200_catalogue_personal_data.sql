-- Everything we hold about a person, in one catalogue (issue 30, item 1; decision 0153). The data
-- export read 12 tables by hand and missed 13 that hold a user's id; deletion relied on whatever the
-- foreign keys happened to do. Both now read the same two tables:
--
--   private.export_sections  what the export document holds, section by section: the table, how its
--                            rows are shaped (every column but the omitted ones, or only some when the
--                            rows are another person's record about the user), and a title in each
--                            language;
--   private.personal_data    every column that names a user — by id, e-mail or a form of them — with
--                            the section that exports its rows (or why none does) and what deleting
--                            the account does to them (a foreign key cascades or clears the column,
--                            delete_account deletes or anonymises the rows, or they are kept, with the
--                            reason).
--
-- packages/db/tests/personal-data.int.test.ts reads the catalog for every column that names a user
-- (foreign keys to an account, names such as owner_id or sender_email, and a short explicit list)
-- and fails until each is declared here; the server's suite exports and deletes a user with a row in
-- every one of them. A new table with a user's column is one insert into personal_data (and one
-- into export_sections when it is exported) in the migration that creates it; a new column of an
-- exported table is exported without any change, unless its name says it is a secret or a hash.

create table private.export_sections (
  section text primary key check (section ~ '^[a-z][a-z0-9_]{0,62}$'),
  -- Sections are written in this order (then by name); areas take hundreds (account 0–99, wallet
  -- 100, assets 200, legacy 300, business 400, moderation 500, the rest 600).
  position integer not null,
  table_name text not null check (table_name ~ '^[a-z_]+\.[a-z_0-9]+$'),
  -- One object (or null) rather than a list: the table holds at most one row per user.
  one_row boolean not null default false,
  -- Another person's record about the user: only these columns. Null: every column of the table,
  -- including columns added later, but those in omit.
  only_columns text[],
  omit text[] not null default '{}',
  -- The order rows are written and paged in; unique among one user's rows. Null: the primary key.
  order_by text[],
  title_en text not null check (char_length(btrim(title_en)) between 1 and 120),
  title_fr text not null check (char_length(btrim(title_fr)) between 1 and 120)
);
alter table private.export_sections enable row level security;
revoke all on private.export_sections from public, anon, authenticated, service_role;

create table private.personal_data (
  table_name text not null check (table_name ~ '^[a-z_]+\.[a-z_0-9]+$'),
  column_name text not null,
  -- How the column names the user: their id (uuid or text), their e-mail address (any case), the
  -- contact relay's key of it (private.contact_sender_key), the mail opt-outs' hash of it
  -- (private.mail_recipient_hash), the first folder of a stored object's name, or a text key that
  -- contains the id (rate limits).
  names_user_with text not null check (names_user_with in ('id', 'email', 'sender_key', 'email_hash', 'folder', 'key')),
  section text references private.export_sections (section),
  not_exported_because text check (char_length(btrim(not_exported_because)) between 1 and 500),
  -- What deleting the account does to the rows this column names the user in:
  --   cascade    a foreign key with on delete cascade removes them;
  --   set_null   a foreign key with on delete set null clears the column, the row stays;
  --   delete     private.delete_account deletes them (no foreign key does);
  --   anonymise  private.delete_account clears the column once the account is gone, the row stays;
  --   with_row   the column only repeats the user of another column of the same row, whose rule
  --              removes the row;
  --   files      stored objects: delete-account removes them, rows and bytes, after the account;
  --   keep       they stay as they are, for the reason given.
  on_delete text not null check (on_delete in ('cascade', 'set_null', 'delete', 'anonymise', 'with_row', 'files', 'keep')),
  kept_because text check (char_length(btrim(kept_because)) between 1 and 500),
  primary key (table_name, column_name),
  constraint personal_data_exported_or_why_not check ((section is null) = (not_exported_because is not null)),
  constraint personal_data_kept_says_why check ((on_delete in ('set_null', 'anonymise', 'keep')) = (kept_because is not null))
);
create index personal_data_section_idx on private.personal_data (section);
alter table private.personal_data enable row level security;
revoke all on private.personal_data from public, anon, authenticated, service_role;

insert into private.export_sections (section, position, table_name, one_row, only_columns, omit, order_by, title_en, title_fr) values
  -- The account and signing in.
  ('account', 10, 'auth.users', true, null, '{instance_id,aud,role,is_super_admin,is_sso_user}', null,
   'Account', 'Compte'),
  -- referred_by is the id of the person who referred you: referred_through says which level it was.
  ('profile', 20, 'public.user_profiles', true, null, '{referred_by}', null, 'Profile', 'Profil'),
  ('settings', 30, 'public.user_settings', true, null, '{}', null, 'Settings', 'Réglages'),
  ('sessions', 40, 'auth.sessions', false, null, '{}', '{created_at,id}', 'Signed-in sessions', 'Sessions ouvertes'),
  ('two_factor_factors', 50, 'auth.mfa_factors', false, null, '{}', '{created_at,id}',
   'Two-factor authentication', 'Authentification à deux facteurs'),
  ('sign_in_identities', 60, 'auth.identities', false, null, '{}', '{created_at,id}',
   'Sign-in identities', 'Identités de connexion'),
  ('stored_files', 70, 'storage.objects', false, null, '{}', '{created_at,id}',
   'Stored files (descriptions and fingerprints)', 'Fichiers stockés (descriptions et empreintes)'),
  -- Wallet, purchases and referrals.
  ('wallet', 100, 'public.user_wallets', true, null, '{}', null, 'Wallet', 'Portefeuille'),
  ('token_transactions', 110, 'public.token_transactions', false, null, '{actor_id}', '{created_at,id}',
   'Token movements', 'Mouvements de jetons'),
  ('token_purchases', 120, 'public.token_purchases', false, null, '{}', '{created_at,id}',
   'Token purchases', 'Achats de jetons'),
  ('referrals_made', 130, 'public.referrals', false, null, '{referred_id}', '{created_at,id}',
   'Referrals you made', 'Vos parrainages'),
  ('referred_through', 140, 'public.referrals', false, null, '{referrer_id}', '{created_at,id}',
   'How you were referred', 'Votre parrainage'),
  ('referral_application', 150, 'private.referral_applications', true, null, '{referrer_id}', null,
   'Referral code used at sign-up', 'Code de parrainage utilisé à l''inscription'),
  -- Assets, their ledger, transfers and the contact relay.
  ('assets', 200, 'public.assets', false, null, '{}', '{created_at,id}', 'Assets', 'Biens'),
  ('asset_media', 210, 'public.asset_media', false, null, '{}', '{created_at,id}', 'Asset files', 'Fichiers des biens'),
  ('asset_ledger_entries', 220, 'public.asset_ledger', false, null, '{}', null,
   'Ledger entries (hashes)', 'Entrées du registre (empreintes)'),
  ('asset_messages', 230, 'public.asset_messages', false, null, '{sender_email,sender_ip}', '{created_at,id}',
   'Messages about your assets', 'Messages au sujet de vos biens'),
  ('asset_messages_sent', 240, 'public.asset_messages', false,
   '{id,asset_id,sender_name,sender_email,message,sender_ip,sender_language,created_at,replied_at}', '{}',
   '{created_at,id}', 'Messages you sent to owners', 'Messages envoyés à des propriétaires'),
  ('contact_requests_sent', 250, 'public.contact_requests', false,
   '{id,asset_id,sender_name,sender_email,message,sender_ip,sender_language,expires_at,confirmed_at,outcome,created_at}',
   '{}', '{created_at,id}', 'Messages sent through the contact form', 'Messages envoyés par le formulaire de contact'),
  ('asset_transfers_offered', 260, 'public.asset_transfers', false, null, '{to_user_id}', '{created_at,id}',
   'Transfers you offered', 'Transferts proposés'),
  ('asset_transfers_received', 270, 'public.asset_transfers', false,
   '{id,asset_id,to_email,via_legacy,state,created_at,decided_at}', '{}', '{created_at,id}',
   'Transfers offered to you', 'Transferts qui vous sont proposés'),
  -- The senders' addresses are never shown to the owner, here either.
  ('blocked_senders', 280, 'public.contact_blocked_senders', false, null, '{sender_key}', '{created_at,id}',
   'Senders you blocked', 'Expéditeurs bloqués'),
  ('abuse_reports_made', 290, 'public.contact_abuse_reports', false, null, '{sender_key}', '{created_at,id}',
   'Messages you reported', 'Messages signalés'),
  ('content_reports_made', 295, 'public.moderation_reports', false, null, '{}', '{created_at,id}',
   'Content you reported', 'Contenus signalés'),
  -- Next of kin and the legacy switch.
  ('next_of_kin', 300, 'public.next_of_kin', false, null, '{kin_user_id}', '{created_at,id}',
   'Next of kin', 'Proches'),
  ('legacy_switch', 310, 'public.legacy_switches', true, null, '{}', null, 'Legacy switch', 'Transmission'),
  ('legacy_requests', 320, 'public.legacy_requests', false, null, '{kin_user_id}', '{requested_at,id}',
   'Early access requests from your next of kin', 'Demandes d''accès anticipé de vos proches'),
  ('legacy_events', 330, 'public.legacy_events', false, null, '{}', null,
   'Legacy history', 'Historique de la transmission'),
  -- Another owner's list of heirs: what it says about you, not their message, notes or choices,
  -- which are theirs until they are released.
  ('named_me_next_of_kin', 340, 'public.next_of_kin', false,
   '{id,full_name,relationship,email,status,access_level,invited_at,responded_at,created_at}', '{}', '{created_at,id}',
   'People who named you next of kin', 'Personnes qui vous ont désigné comme proche'),
  ('legacy_requests_made', 350, 'public.legacy_requests', false,
   '{id,requested_at,release_after,state,decided_at,cancel_reason,ask_again_after}', '{}', '{requested_at,id}',
   'Early access you asked for', 'Accès anticipés demandés'),
  -- Business.
  ('business_requests', 400, 'public.business_requests', false, null, '{decided_by}', '{created_at,id}',
   'Business account requests', 'Demandes de compte professionnel'),
  ('business_profile', 410, 'public.business_profiles', true, null, '{}', null, 'Brand profile', 'Profil de la marque'),
  ('gs1_prefixes', 420, 'public.business_gs1_prefixes', false, null, '{decided_by}', '{created_at,id}',
   'GS1 company prefixes', 'Préfixes d''entreprise GS1'),
  ('business_products', 430, 'public.business_products', false, null, '{}', '{created_at,id}', 'Products', 'Produits'),
  -- Serials are unique within a business: its own unique index pages them.
  ('business_units', 440, 'public.business_units', false, null, '{}', '{serial}', 'Serialised units', 'Unités numérotées'),
  ('business_unit_scans', 450, 'public.business_unit_scans', false, null, '{}', '{scanned_at,id}',
   'Label scans', 'Scans des étiquettes'),
  -- What staff decided about the user, without naming the staff.
  ('moderation_decisions', 500, 'public.moderation_log', false, null, '{moderator_id}', '{created_at,id}',
   'Moderation decisions about you', 'Décisions de modération vous concernant'),
  ('admin_actions', 510, 'public.admin_audit_log', false, null, '{admin_id}', '{created_at,id}',
   'Administrators'' actions on your account', 'Actions des administrateurs sur votre compte'),
  -- The rest.
  ('bug_reports', 600, 'public.bug_reports', false, null, '{admin_notes}', '{created_at,id}',
   'Bug reports', 'Signalements de bogues'),
  ('news_articles_written', 610, 'public.news_articles', false, null, '{}', '{created_at,id}',
   'News articles you wrote', 'Articles d''actualité rédigés'),
  ('mail_opt_outs', 620, 'private.mail_opt_outs', false, '{id,created_at}', '{}', '{created_at,id}',
   'Mail you asked us to stop', 'Courriels que vous avez refusés');

insert into private.personal_data (table_name, column_name, names_user_with, section, not_exported_because, on_delete, kept_because) values
  -- auth
  ('auth.users', 'id', 'id', 'account', null, 'delete', null),
  ('auth.users', 'email', 'email', 'account', null, 'with_row', null),
  ('auth.sessions', 'user_id', 'id', 'sessions', null, 'cascade', null),
  ('auth.mfa_factors', 'user_id', 'id', 'two_factor_factors', null, 'cascade', null),
  ('auth.identities', 'user_id', 'id', 'sign_in_identities', null, 'cascade', null),
  ('auth.identities', 'email', 'email', 'sign_in_identities', null, 'with_row', null),
  ('auth.refresh_tokens', 'user_id', 'id', null,
   'The secret refresh tokens of the sessions exported under sessions.', 'cascade', null),
  ('auth.flow_state', 'user_id', 'id', null,
   'Short-lived secrets of a sign-in in progress.', 'cascade', null),
  -- storage
  ('storage.objects', 'owner_id', 'id', 'stored_files', null, 'files', null),
  ('storage.objects', 'owner', 'id', 'stored_files', null, 'files', null),
  ('storage.objects', 'name', 'folder', 'stored_files', null, 'files', null),
  ('storage.buckets', 'owner', 'id', null, 'Buckets are the service''s own; no user creates one.', 'keep',
   'Buckets are the service''s own; none names a user.'),
  ('storage.buckets', 'owner_id', 'id', null, 'Buckets are the service''s own; no user creates one.', 'keep',
   'Buckets are the service''s own; none names a user.'),
  -- profile, settings
  ('public.user_profiles', 'id', 'id', 'profile', null, 'cascade', null),
  ('public.user_profiles', 'email', 'email', 'profile', null, 'with_row', null),
  ('public.user_profiles', 'referred_by', 'id', null,
   'The profiles of the people you referred are theirs; referrals_made lists the referrals without them.',
   'set_null', 'Their accounts stay; they only lose the link to you.'),
  ('public.user_settings', 'user_id', 'id', 'settings', null, 'cascade', null),
  ('public.article_authors', 'id', 'id', null,
   'A copy of your profile''s name, shown beside the news articles you wrote.', 'cascade', null),
  ('public.news_articles', 'author_id', 'id', 'news_articles_written', null, 'set_null',
   'Published news stays published, without its author.'),
  -- wallet, purchases, referrals
  ('public.user_wallets', 'user_id', 'id', 'wallet', null, 'cascade', null),
  ('public.token_transactions', 'user_id', 'id', 'token_transactions', null, 'cascade', null),
  ('public.token_transactions', 'actor_id', 'id', null,
   'The administrator who adjusted another user''s balance; that movement is the other user''s.', 'set_null',
   'The other user''s ledger stays complete, without the administrator''s id.'),
  ('public.token_purchases', 'user_id', 'id', 'token_purchases', null, 'cascade', null),
  ('public.referrals', 'referrer_id', 'id', 'referrals_made', null, 'cascade', null),
  ('public.referrals', 'referred_id', 'id', 'referred_through', null, 'cascade', null),
  ('private.referral_applications', 'user_id', 'id', 'referral_application', null, 'cascade', null),
  ('private.referral_applications', 'referrer_id', 'id', null,
   'Other users'' sign-up records, naming you as their referrer; referrals_made lists the referrals.',
   'set_null', 'Their record stays, without you.'),
  ('private.referral_config', 'default_referrer_id', 'id', null,
   'The service''s setting naming the account that refers sign-ups without a code.', 'set_null',
   'The setting stays and falls back to the first administrator.'),
  ('private.mail_opt_outs', 'sender_id', 'id', null,
   'Other people''s choice to receive no more invitations from you.', 'cascade', null),
  ('private.mail_opt_outs', 'recipient_hash', 'email_hash', 'mail_opt_outs', null, 'keep',
   'A choice to receive no more mail outlives the account; only a hash of the address is kept.'),
  ('private.mail_outbox', 'to_address', 'email', null,
   'Mail waiting to be sent to you; it reaches you within minutes.', 'delete', null),
  ('private.sign_in_failures', 'email', 'email', null,
   'A short-lived security counter of failed sign-ins to your address.', 'delete', null),
  ('private.rate_limits', 'key', 'key', null, 'Short-lived counters of your requests.', 'delete', null),
  ('public.bug_reports', 'user_id', 'id', 'bug_reports', null, 'delete', null),
  ('public.bug_reports', 'user_email', 'email', 'bug_reports', null, 'delete', null),
  -- assets, ledger, transfers, contact relay
  ('public.assets', 'owner_id', 'id', 'assets', null, 'cascade', null),
  ('public.asset_media', 'owner_id', 'id', 'asset_media', null, 'cascade', null),
  ('public.asset_ledger', 'owner_id', 'id', 'asset_ledger_entries', null, 'anonymise',
   'The ledger is an append-only hash chain that proves every asset''s history; its entries hold hashes only and stay, without the account''s id.'),
  ('public.asset_messages', 'owner_id', 'id', 'asset_messages', null, 'cascade', null),
  ('public.asset_messages', 'sender_email', 'email', 'asset_messages_sent', null, 'keep',
   'A message you sent is in its owner''s inbox, which is theirs.'),
  ('public.contact_requests', 'owner_id', 'id', null,
   'A message waiting for its sender to confirm their address; it reaches you, and this export, once confirmed.',
   'cascade', null),
  ('public.contact_requests', 'sender_email', 'email', 'contact_requests_sent', null, 'delete', null),
  ('public.contact_requests', 'sender_key', 'sender_key', 'contact_requests_sent', null, 'with_row', null),
  ('public.asset_transfers', 'from_user_id', 'id', 'asset_transfers_offered', null, 'cascade', null),
  ('public.asset_transfers', 'to_user_id', 'id', 'asset_transfers_received', null, 'set_null',
   'The transfer is the sender''s record too; it stays without your account.'),
  ('public.asset_transfers', 'to_email', 'email', 'asset_transfers_received', null, 'keep',
   'The sender typed your address into their transfer; it is their record and goes with their account.'),
  ('public.contact_blocked_senders', 'owner_id', 'id', 'blocked_senders', null, 'cascade', null),
  ('public.contact_blocked_senders', 'sender_key', 'sender_key', null,
   'Another owner''s choice to block you.', 'keep', 'Their block stays with their account.'),
  ('public.contact_abuse_reports', 'reporter_id', 'id', 'abuse_reports_made', null, 'cascade', null),
  ('public.contact_abuse_reports', 'sender_key', 'sender_key', null,
   'Another user''s report to the moderators about a message you sent; showing it would name them.', 'keep',
   'Moderation evidence stays with the report.'),
  ('public.moderation_reports', 'reporter_id', 'id', 'content_reports_made', null, 'set_null',
   'A report is evidence about the content reported; it stays, no longer naming you.'),
  -- next of kin, legacy
  ('public.next_of_kin', 'user_id', 'id', 'next_of_kin', null, 'cascade', null),
  ('public.next_of_kin', 'kin_user_id', 'id', 'named_me_next_of_kin', null, 'set_null',
   'The owner''s list of heirs is theirs; it stays with their account.'),
  ('public.next_of_kin', 'email', 'email', 'named_me_next_of_kin', null, 'keep',
   'The owner typed your address into their list of heirs; it is their record and goes with their account.'),
  ('public.legacy_switches', 'user_id', 'id', 'legacy_switch', null, 'cascade', null),
  ('public.legacy_requests', 'owner_id', 'id', 'legacy_requests', null, 'cascade', null),
  ('public.legacy_requests', 'kin_user_id', 'id', 'legacy_requests_made', null, 'set_null',
   'The owner''s record of the request stays with their account.'),
  ('public.legacy_events', 'owner_id', 'id', 'legacy_events', null, 'cascade', null),
  ('public.legacy_events', 'recipient_email', 'email', null,
   'The owner''s record of the mail their switch sent you as their heir.', 'keep',
   'It is the owner''s record and goes with their account.'),
  -- business
  ('public.business_requests', 'user_id', 'id', 'business_requests', null, 'cascade', null),
  ('public.business_requests', 'decided_by', 'id', null,
   'An administrator''s decision on another user''s request; the request is theirs.', 'set_null',
   'The request stays with its owner''s account.'),
  ('public.business_profiles', 'business_id', 'id', 'business_profile', null, 'cascade', null),
  ('public.business_gs1_prefixes', 'business_id', 'id', 'gs1_prefixes', null, 'cascade', null),
  ('public.business_gs1_prefixes', 'decided_by', 'id', null,
   'An administrator''s decision on another business''s prefix; the prefix is theirs.', 'set_null',
   'The prefix stays with its business.'),
  ('public.business_products', 'business_id', 'id', 'business_products', null, 'cascade', null),
  ('public.business_units', 'business_id', 'id', 'business_units', null, 'cascade', null),
  ('public.business_unit_scans', 'business_id', 'id', 'business_unit_scans', null, 'cascade', null),
  -- staff records
  ('public.moderation_log', 'target_user_id', 'id', 'moderation_decisions', null, 'anonymise',
   'Moderation decisions stay on record (the statement of reasons), without the account''s id.'),
  ('public.moderation_log', 'moderator_id', 'id', null,
   'A moderator''s own decisions are the service''s record of its staff''s work, about other users.', 'anonymise',
   'Moderation decisions stay on record, without the moderator''s id.'),
  ('public.admin_audit_log', 'target_user_id', 'id', 'admin_actions', null, 'set_null',
   'Administrative actions stay on record, without the account''s id.'),
  ('public.admin_audit_log', 'admin_id', 'id', null,
   'An administrator''s own actions are the service''s record of its staff''s work, about other users.', 'set_null',
   'Administrative actions stay on record, without the administrator''s id.');

-- The export finds and pages by these; a deleted account's decisions are cleared by them.
create index moderation_log_target_user_idx on public.moderation_log (target_user_id, created_at);
create index moderation_log_moderator_idx on public.moderation_log (moderator_id);

-- Columns never exported, whatever table they are in: secrets (password hashes, tokens, token
-- hashes, mail secrets, salts) and hashes, which are other people's pseudonyms (a scanner's or a
-- reporter's) or stand in for a secret. The fingerprints of the user's own records are not
-- secrets: the ledger's hashes, and the content hash and token id the user typed for an NFT.
create or replace function private.is_secret_column(p_table text, p_column text) returns boolean
language sql immutable set search_path = ''
as $$
  select (p_column ~ '(secret|password|salt)' or p_column ~ '(^|_)token(_|$)' or p_column ~ '(^|_)hash$')
     and (p_table, p_column) not in (('public.asset_ledger', 'record_hash'), ('public.asset_ledger', 'prev_hash'),
                                     ('public.asset_ledger', 'entry_hash'), ('public.assets', 'content_hash'),
                                     ('public.assets', 'token_id'))
$$;
revoke execute on function private.is_secret_column(text, text) from public;

-- The condition, on alias t, under which a row's column names the user: $1 is the user's id, $2
-- their e-mail address (null for an account without one, which then matches nothing by address).
create or replace function private.personal_data_match(p_rel regclass, p_column text, p_kind text) returns text
language sql stable set search_path = ''
as $$
  select case p_kind
    when 'id' then
      case when (select a.atttypid from pg_catalog.pg_attribute a
                  where a.attrelid = p_rel and a.attname = p_column) = 'pg_catalog.uuid'::pg_catalog.regtype
           then pg_catalog.format('t.%I = $1', p_column)
           else pg_catalog.format('t.%I = $1::text', p_column) end
    when 'email' then pg_catalog.format('pg_catalog.lower(t.%I) = pg_catalog.lower($2)', p_column)
    when 'sender_key' then pg_catalog.format('t.%I = private.contact_sender_key($2)', p_column)
    when 'email_hash' then pg_catalog.format('t.%I = private.mail_recipient_hash($2)', p_column)
    when 'folder' then pg_catalog.format('(storage.foldername(t.%I))[1] = $1::text', p_column)
    when 'key' then pg_catalog.format('pg_catalog.strpos(t.%I, $1::text) > 0', p_column)
  end
$$;
revoke execute on function private.personal_data_match(regclass, text, text) from public;

-- What the export document holds for this user, in order, with each section's title in the user's
-- language. Refuses an unknown user (P0002).
create or replace function private.export_outline(p_user_id uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_language text;
begin
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  v_language := private.user_language(p_user_id);
  return pg_catalog.jsonb_build_object(
    'format', 'tagledger-export/2',
    'generated_at', pg_catalog.now(),
    'language', v_language,
    'sections', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'section', s.section, 'one_row', s.one_row,
               'title', case when v_language = 'fr' then s.title_fr else s.title_en end)
             order by s.position, s.section)
        from private.export_sections s
       where pg_catalog.to_regclass(s.table_name) is not null), '[]'::jsonb));
end
$$;
revoke execute on function private.export_outline(uuid) from public;

-- One page of a section for this user: up to p_limit rows after the cursor p_after (null: from the
-- start), each with its own cursor. Every column of the row is there but the section's omitted ones,
-- those outside its only_columns, and secrets (is_secret_column), so a column added to an exported
-- table is exported from then on.
create or replace function private.export_page(p_user_id uuid, p_section text, p_after jsonb, p_limit integer)
returns table (cursor jsonb, data jsonb)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_section private.export_sections;
  v_rel regclass;
  v_email text;
  v_where text;
  v_omit text[];
  v_order text[];
  v_keys text;
  v_after text;
begin
  select * into v_section from private.export_sections s where s.section = p_section;
  if not found then
    raise exception 'No export section %', p_section using errcode = 'P0002';
  end if;
  v_rel := pg_catalog.to_regclass(v_section.table_name);
  if v_rel is null then
    return;
  end if;
  select u.email into v_email from auth.users u where u.id = p_user_id;
  select pg_catalog.string_agg(private.personal_data_match(v_rel, d.column_name, d.names_user_with), ' or '
                               order by d.column_name)
    into v_where
    from private.personal_data d where d.section = p_section;
  if v_where is null then
    raise exception 'Export section % names no column of personal_data', p_section using errcode = '55000';
  end if;
  select coalesce(pg_catalog.array_agg(a.attname::text), '{}') into v_omit
    from pg_catalog.pg_attribute a
   where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
     and (a.attname = any (v_section.omit)
          or (v_section.only_columns is not null and not (a.attname = any (v_section.only_columns)))
          or private.is_secret_column(v_section.table_name, a.attname));
  v_order := coalesce(v_section.order_by, (
    select pg_catalog.array_agg(a.attname::text order by k.n)
      from pg_catalog.pg_index i
      cross join lateral pg_catalog.unnest(i.indkey::int2[]) with ordinality k(attnum, n)
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = v_rel and i.indisprimary));
  select pg_catalog.string_agg(pg_catalog.format('t.%I', a.attname), ', ' order by k.n),
         pg_catalog.string_agg(pg_catalog.format('($4 ->> %s)::%s', k.n - 1, pg_catalog.format_type(a.atttypid, a.atttypmod)),
                               ', ' order by k.n)
    into v_keys, v_after
    from pg_catalog.unnest(v_order) with ordinality k(name, n)
    join pg_catalog.pg_attribute a on a.attrelid = v_rel and a.attname = k.name;
  return query execute pg_catalog.format(
    'select pg_catalog.jsonb_build_array(%1$s), pg_catalog.to_jsonb(t) - $3
       from %2$s t
      where (%3$s) and ($4 is null or (%1$s) > (%4$s))
      order by %1$s
      limit $5',
    v_keys, v_rel, v_where, v_after)
  using p_user_id, v_email, v_omit, p_after, least(greatest(coalesce(p_limit, 500), 1), 1000);
end
$$;
revoke execute on function private.export_page(uuid, text, jsonb, integer) from public;

-- Deletes the account (GDPR Art. 17) as the catalogue says, in the caller's transaction: the rows
-- no foreign key removes, then the account (auth.users, with everything that cascades from it),
-- then the columns of kept rows that still name it. Stored objects stay for delete-account, which
-- removes their rows and bytes afterwards. Answers how many rows each rule touched.
create or replace function private.delete_account(p_user_id uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_email text;
  v_rule private.personal_data;
  v_rel regclass;
  v_count bigint;
  v_done jsonb := '{}'::jsonb;
begin
  select u.email into v_email from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  for v_rule in
    select d.* from private.personal_data d where d.on_delete = 'delete'
     order by d.table_name = 'auth.users', d.table_name, d.column_name
  loop
    v_rel := pg_catalog.to_regclass(v_rule.table_name);
    continue when v_rel is null;
    execute pg_catalog.format('delete from %s t where %s', v_rel,
                              private.personal_data_match(v_rel, v_rule.column_name, v_rule.names_user_with))
      using p_user_id, v_email;
    get diagnostics v_count = row_count;
    v_done := v_done || pg_catalog.jsonb_build_object(v_rule.table_name || '.' || v_rule.column_name, v_count);
  end loop;
  for v_rule in
    select d.* from private.personal_data d where d.on_delete = 'anonymise' order by d.table_name, d.column_name
  loop
    v_rel := pg_catalog.to_regclass(v_rule.table_name);
    continue when v_rel is null;
    execute pg_catalog.format('update %s t set %I = null where %s', v_rel, v_rule.column_name,
                              private.personal_data_match(v_rel, v_rule.column_name, v_rule.names_user_with))
      using p_user_id, v_email;
    get diagnostics v_count = row_count;
    v_done := v_done || pg_catalog.jsonb_build_object(v_rule.table_name || '.' || v_rule.column_name, v_count);
  end loop;
  return v_done;
end
$$;
revoke execute on function private.delete_account(uuid) from public;

-- The asset ledger stays append-only, with one exception: once an account is deleted, its id is
-- cleared from the entries it owned (owner_id is not part of any hash, so the chain still verifies).
create or replace function private.asset_ledger_is_append_only() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.owner_id is null and old.owner_id is not null
       and pg_catalog.to_jsonb(new) - 'owner_id' = pg_catalog.to_jsonb(old) - 'owner_id'
       and not exists (select 1 from auth.users u where u.id = old.owner_id) then
      return new;
    end if;
  end if;
  raise exception 'The asset ledger is append-only' using errcode = '42501';
end
$$;

-- The moderation log likewise: a deleted account's id (as moderator or as the decision's subject)
-- is cleared; nothing else of an entry ever changes.
create or replace function private.refuse_log_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and tg_table_name = 'moderation_log' then
    if pg_catalog.to_jsonb(new) - '{moderator_id,target_user_id}'::text[]
         = pg_catalog.to_jsonb(old) - '{moderator_id,target_user_id}'::text[]
       and (new.moderator_id is not distinct from old.moderator_id
            or (new.moderator_id is null and not exists (select 1 from auth.users u where u.id = old.moderator_id)))
       and (new.target_user_id is not distinct from old.target_user_id
            or (new.target_user_id is null and not exists (select 1 from auth.users u where u.id = old.target_user_id)))
       and (new.moderator_id, new.target_user_id) is distinct from (old.moderator_id, old.target_user_id) then
      return new;
    end if;
  end if;
  raise exception 'The moderation log is append-only' using errcode = '42501';
end
$$;

-- The export and the deletion above replace these.
drop function private.export_user_data(uuid);
drop function private.export_rows(text, text, uuid, text[]);
