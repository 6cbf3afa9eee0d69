-- Data export (GDPR Art. 15/20): everything held about one user as one JSON document.
-- Other areas create their tables concurrently and may land in any order, so every optional table
-- is looked up with to_regclass at call time and read with dynamic SQL: the export includes
-- whatever areas exist when it runs. Only the user's own rows are included, and columns that
-- identify other people (the admin who decided, who referred whom) are left out.

-- Rows of p_table where p_column = p_user_id, as a JSON array (minus p_exclude columns), ordered
-- by created_at when the table has it. null when the table does not exist.
create or replace function private.export_rows(p_table text, p_column text, p_user_id uuid, p_exclude text[] default '{}')
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_rel regclass := pg_catalog.to_regclass(p_table);
  v_has_created boolean;
  v_result jsonb;
begin
  if v_rel is null then
    return null;
  end if;
  select exists (
    select 1 from pg_catalog.pg_attribute a
     where a.attrelid = v_rel and a.attname = 'created_at' and not a.attisdropped
  ) into v_has_created;
  execute format(
    'select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) - $2 %s), ''[]''::jsonb) from %s t where t.%I = $1',
    case when v_has_created then 'order by t.created_at' else '' end,
    v_rel,
    p_column
  ) into v_result using p_user_id, p_exclude;
  return v_result;
end
$$;
revoke execute on function private.export_rows(text, text, uuid, text[]) from public;

create or replace function private.export_user_data(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_account jsonb;
  v_doc jsonb;
  v_wallet jsonb;
begin
  select jsonb_build_object(
           'id', u.id,
           'email', u.email,
           'phone', u.phone,
           'created_at', u.created_at,
           'email_confirmed_at', u.email_confirmed_at,
           'last_sign_in_at', u.last_sign_in_at,
           'sign_up_metadata', u.raw_user_meta_data
         )
    into v_account
    from auth.users u where u.id = p_user_id;
  if v_account is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;

  v_doc := jsonb_build_object(
    'format', 'tagledger-export/1',
    'generated_at', now(),
    'account', v_account,
    'profile', (select to_jsonb(p) from public.user_profiles p where p.id = p_user_id),
    'settings', (select to_jsonb(s) - 'user_id' from public.user_settings s where s.user_id = p_user_id),
    'sessions', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', s.id, 'created_at', s.created_at, 'updated_at', s.updated_at, 'refreshed_at', s.refreshed_at,
               'aal', s.aal, 'user_agent', s.user_agent, 'ip', s.ip) order by s.created_at), '[]'::jsonb)
        from auth.sessions s where s.user_id = p_user_id
    ),
    'two_factor_factors', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
               'created_at', f.created_at) order by f.created_at), '[]'::jsonb)
        from auth.mfa_factors f where f.user_id = p_user_id
    ),
    -- Metadata of every stored file the user owns or that lives in their folder (bytes are not
    -- embedded; sizes, types and SHA-256 fingerprints are).
    'stored_files', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'bucket', o.bucket_id, 'name', o.name, 'size', o.metadata ->> 'size',
               'mimetype', o.metadata ->> 'mimetype', 'sha256', o.metadata ->> 'sha256',
               'created_at', o.created_at) order by o.created_at), '[]'::jsonb)
        from storage.objects o
       where o.owner_id = p_user_id::text or o.owner = p_user_id or (storage.foldername(o.name))[1] = p_user_id::text
    )
  );

  -- Wallet and ledger (2026112200030x).
  v_wallet := private.export_rows('public.user_wallets', 'user_id', p_user_id);
  v_doc := v_doc || jsonb_build_object(
    'wallet', v_wallet -> 0,
    'token_transactions', private.export_rows('public.token_transactions', 'user_id', p_user_id, array['actor_id']),
    -- Referral rows where the user is the referrer: which level and reward, not who joined.
    'referrals_made', private.export_rows('public.referrals', 'referrer_id', p_user_id, array['referred_id']),
    -- Referral rows where the user joined: their chain's levels, not the ancestors' identities.
    'referred_through', private.export_rows('public.referrals', 'referred_id', p_user_id, array['referrer_id']),
    'business_requests', private.export_rows('public.business_requests', 'user_id', p_user_id, array['decided_by']),
    -- Bug reports the user sent (2026112200020x); internal triage notes are not the user's data.
    'bug_reports', private.export_rows('public.bug_reports', 'user_id', p_user_id, array['admin_notes'])
  );

  -- Assets (2026112200040x): records, media metadata (with SHA-256), the user's hash-only ledger
  -- entries, and messages finders sent about the user's assets (without the senders' addresses).
  -- Next of kin: whichever of these tables exist.
  v_doc := v_doc || jsonb_build_object(
    'assets', private.export_rows('public.assets', 'owner_id', p_user_id),
    'asset_media', private.export_rows('public.asset_media', 'owner_id', p_user_id),
    'asset_ledger_entries', private.export_rows('public.asset_ledger', 'owner_id', p_user_id),
    'asset_messages', private.export_rows('public.asset_messages', 'owner_id', p_user_id, array['sender_email', 'sender_ip']),
    'next_of_kin', private.export_rows('public.next_of_kin', 'user_id', p_user_id)
  );
  return v_doc;
end
$$;
revoke execute on function private.export_user_data(uuid) from public;
grant execute on function private.export_user_data(uuid) to service_role;
