-- A GTIN belongs to the holder of its GS1 company prefix (issue 27, item 2; decision 0140).
-- Businesses declare the prefixes GS1 licensed to them; an administrator checks each one against
-- GS1's records and verifies it — for a business that holds the verified badge, with the evidence
-- written down (who, when, what was checked). Units of a product with a GTIN are live — shown as
-- the brand's on scan pages, their scans counted for the brand — only while the GTIN lies under a
-- verified prefix of the product's own business (private.gtin_holder). Verified prefixes of two
-- businesses never overlap, and a GTIN under one business's verified prefix cannot be registered
-- by another: verifying a prefix takes such GTINs back from whoever registered them first.

-- The digits every GTIN of a prefix starts with, read in the GTIN-13 form (the 14-digit form
-- without its leading indicator digit): a GS1 company prefix of 4 to 12 digits (a U.P.C. company
-- prefix gets a leading 0), or one GTIN licensed on its own — a GTIN-8 too — as its 12 digits before
-- the check digit. Numbers GS1 keeps for restricted circulation (in-store and variable-measure codes
-- 02, 04, 2), coupons (05, 981–984, 99) and refund receipts (980) are nobody's: they are refused.
create or replace function private.gs1_prefix_ownable(p_prefix text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_prefix ~ '^[0-9]{4,12}$' and p_prefix !~ '^0+$'
     and p_prefix !~ '^(02|04|05|2|98[0-4]|99)'
$$;
revoke execute on function private.gs1_prefix_ownable(text) from public;
grant execute on function private.gs1_prefix_ownable(text) to authenticated, service_role;

-- Whether a 14-digit GTIN lies under a prefix (the indicator digit and check digit are not part of it).
create or replace function private.gtin_under_prefix(p_gtin text, p_prefix text) returns boolean
language sql immutable set search_path = ''
as $$
  select substr(p_gtin, 2, char_length(p_prefix)) = p_prefix
$$;
revoke execute on function private.gtin_under_prefix(text, text) from public;
grant execute on function private.gtin_under_prefix(text, text) to authenticated, service_role;

create table public.business_gs1_prefixes (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references auth.users (id) on delete cascade,
  prefix text not null check (private.gs1_prefix_ownable(prefix)),
  kind text not null default 'company_prefix' check (kind in ('company_prefix', 'single_gtin')),
  -- What the business offers as proof: its GS1 licence or membership number, the member
  -- organisation, a certificate's reference.
  reference text not null default '' check (char_length(reference) <= 500),
  status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  -- What the administrator checked (verified) or why they refused (rejected).
  evidence text check (evidence is null or char_length(btrim(evidence)) between 1 and 1000),
  created_at timestamptz not null default now(),
  constraint business_gs1_prefixes_once unique (business_id, prefix),
  constraint business_gs1_prefixes_single_gtin check (kind = 'company_prefix' or char_length(prefix) = 12),
  -- 00000… is where GTIN-8s sit in the 13-digit form: licensed one by one, never as a company prefix.
  constraint business_gs1_prefixes_gtin8 check (kind = 'single_gtin' or prefix !~ '^00000'),
  constraint business_gs1_prefixes_decided check (
    (status = 'pending') = (decided_at is null) and (status = 'pending') = (evidence is null))
);
create index business_gs1_prefixes_decided_by_idx on public.business_gs1_prefixes (decided_by);
-- Scans look up the verified prefixes a GTIN starts with (9 lengths, one probe each).
create index business_gs1_prefixes_verified_idx on public.business_gs1_prefixes (prefix) where status = 'verified';
create index business_gs1_prefixes_queue_idx on public.business_gs1_prefixes (status, created_at);

alter table public.business_gs1_prefixes enable row level security;
revoke all on public.business_gs1_prefixes from anon, authenticated;
grant select on public.business_gs1_prefixes to authenticated;
-- A business declares (prefix, kind, reference) and may withdraw; the decision columns are
-- written only by admin_decide_gs1_prefix.
grant insert (business_id, prefix, kind, reference) on public.business_gs1_prefixes to authenticated;
grant delete on public.business_gs1_prefixes to authenticated;
grant select, insert, update, delete on public.business_gs1_prefixes to service_role;

create policy "Businesses read their own prefixes" on public.business_gs1_prefixes
  for select to authenticated using (business_id = auth.uid());
create policy "Admins read every prefix" on public.business_gs1_prefixes
  for select to authenticated using (private.is_admin());
create policy "Businesses declare their own prefixes" on public.business_gs1_prefixes
  for insert to authenticated with check (business_id = auth.uid() and private.is_business() and status = 'pending');
create policy "Businesses withdraw their own prefixes" on public.business_gs1_prefixes
  for delete to authenticated using (business_id = auth.uid());
create policy "Two-factor users need an aal2 session" on public.business_gs1_prefixes
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- A declaration that another business's verified prefix already covers (or that covers one) is
-- refused at once with the reason; so is a 51st declaration (the administrators' queue is not a
-- place to flood). Security definer: the caller cannot see other businesses' prefixes.
create or replace function private.check_gs1_prefix_declaration() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.business_gs1_prefixes g
              where g.status = 'verified' and g.business_id <> new.business_id
                and (left(g.prefix, char_length(new.prefix)) = new.prefix
                     or left(new.prefix, char_length(g.prefix)) = g.prefix)) then
    raise exception 'This prefix is verified for another business' using errcode = '23505', hint = 'gs1_prefix_held';
  end if;
  if (select count(*) from public.business_gs1_prefixes g where g.business_id = new.business_id) >= 50 then
    raise exception 'A business declares at most 50 prefixes' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke execute on function private.check_gs1_prefix_declaration() from public;
create trigger business_gs1_prefixes_check_declaration before insert on public.business_gs1_prefixes
  for each row execute function private.check_gs1_prefix_declaration();

-- The business that holds a GTIN: the one with a verified prefix covering it and the verified
-- badge. Null when no business has proven it here.
create or replace function private.gtin_holder(p_gtin text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select g.business_id
    from public.business_gs1_prefixes g
    join public.user_profiles u on u.id = g.business_id and u.is_business_user
   where g.status = 'verified'
     and g.prefix = any (array(select substr(p_gtin, 2, n) from generate_series(4, 12) as n))
   order by char_length(g.prefix) desc
   limit 1
$$;
revoke execute on function private.gtin_holder(text) from public;

-- Whether a product's units are live: a product without a GTIN (known by its SKU) is, as before;
-- one with a GTIN only while its business holds the GTIN; one whose GTIN was released is not.
create or replace function private.product_is_live(p_product public.business_products) returns boolean
language sql stable security definer set search_path = ''
as $$
  select case
    when p_product.gtin is not null then private.gtin_holder(p_product.gtin) is not distinct from p_product.business_id
    else p_product.released_gtin is null
  end
$$;
revoke execute on function private.product_is_live(public.business_products) from public;

-- A GTIN already registered by another business, or under another business's verified prefix, is
-- refused with its own reason (the unique index would only say "duplicate key").
create or replace function private.check_product_gtin_holder() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.gtin is null then
    return new;
  end if;
  if exists (select 1 from public.business_gs1_prefixes g
              where g.status = 'verified' and g.business_id <> new.business_id
                and private.gtin_under_prefix(new.gtin, g.prefix)) then
    raise exception 'This GTIN lies under a GS1 company prefix verified for another business'
      using errcode = '23505', hint = 'gtin_held';
  end if;
  if exists (select 1 from public.business_products p
              where p.gtin = new.gtin and p.business_id <> new.business_id and p.id <> new.id) then
    raise exception 'Another business registered this GTIN. If it is yours, declare your GS1 company prefix: once an administrator verifies it, the GTIN comes back to you'
      using errcode = '23505', hint = 'gtin_taken';
  end if;
  return new;
end
$$;
revoke execute on function private.check_product_gtin_holder() from public;
create trigger business_products_gtin_2_holder before insert or update of gtin on public.business_products
  for each row execute function private.check_product_gtin_holder();

-- RPC admin_gs1_prefixes(p_status): declarations with what an administrator needs to decide —
-- the business (e-mail, brand, badge), its reference, other businesses' declarations that overlap,
-- and how many of other businesses' GTINs the prefix would take back. Newest first, at most 200.
create or replace function public.admin_gs1_prefixes(p_status text default 'pending') returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_status is not null and p_status not in ('pending', 'verified', 'rejected') then
    raise exception 'Unknown status' using errcode = '22023';
  end if;
  return coalesce((
    select jsonb_agg(x.item order by x.created_at desc, x.id)
      from (
        select g.id, g.created_at, jsonb_build_object(
          'id', g.id, 'business_id', g.business_id, 'email', u.email,
          'brand_name', b.brand_name, 'verified_business', coalesce(u.is_business_user, false),
          'prefix', g.prefix, 'kind', g.kind, 'reference', g.reference, 'status', g.status,
          'created_at', g.created_at, 'decided_at', g.decided_at, 'evidence', g.evidence,
          'decided_by', d.email,
          'overlaps', coalesce((
            select jsonb_agg(jsonb_build_object('prefix', o.prefix, 'status', o.status,
                     'brand_name', ob.brand_name, 'email', ou.email) order by o.status desc, o.created_at)
              from public.business_gs1_prefixes o
              left join public.business_profiles ob on ob.business_id = o.business_id
              left join public.user_profiles ou on ou.id = o.business_id
             where o.business_id <> g.business_id and o.status <> 'rejected'
               and (left(o.prefix, char_length(g.prefix)) = g.prefix or left(g.prefix, char_length(o.prefix)) = o.prefix)),
            '[]'::jsonb),
          'gtins_of_others', (
            select count(*) from public.business_products p
             where p.business_id <> g.business_id and p.gtin is not null
               and p.gtin like '_' || g.prefix || '%'),
          'own_products', (
            select count(*) from public.business_products p
             where p.business_id = g.business_id
               and coalesce(p.gtin, case when p.gtin_released_reason <> 'check_digit' then p.released_gtin end)
                   like '_' || g.prefix || '%')) as item
          from public.business_gs1_prefixes g
          left join public.user_profiles u on u.id = g.business_id
          left join public.business_profiles b on b.business_id = g.business_id
          left join public.user_profiles d on d.id = g.decided_by
         where p_status is null or g.status = p_status
         order by g.created_at desc, g.id
         limit 200) x), '[]'::jsonb);
end
$$;
revoke execute on function public.admin_gs1_prefixes(text) from public;
grant execute on function public.admin_gs1_prefixes(text) to authenticated;

-- RPC admin_decide_gs1_prefix(p_id, p_approve, p_evidence): an administrator verifies a declared
-- prefix, refuses it, or withdraws a verification, always saying what they checked or why.
-- Verifying needs the business's verified badge (the two go together) and no overlap with a prefix
-- verified for another business. In the same transaction it refuses other businesses' pending
-- declarations that overlap, takes their GTINs under the prefix back (released, reason
-- other_prefix), and gives this business back the GTINs released from its own products that the
-- prefix covers. Every decision is in the admin audit log.
create or replace function public.admin_decide_gs1_prefix(p_id uuid, p_approve boolean, p_evidence text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.business_gs1_prefixes;
  v_evidence text := btrim(coalesce(p_evidence, ''));
  v_conflict text;
  v_released int := 0;
  v_restored int := 0;
  v_refused int := 0;
begin
  perform private.require_admin();
  if p_approve is null then
    raise exception 'Say whether the prefix is verified' using errcode = '22023';
  end if;
  if char_length(v_evidence) = 0 or char_length(v_evidence) > 1000 then
    raise exception 'Write what you checked (up to 1000 characters)' using errcode = '22023';
  end if;
  -- One decision at a time, so two overlapping prefixes are never verified for two businesses.
  lock table public.business_gs1_prefixes in share row exclusive mode;
  select * into v_row from public.business_gs1_prefixes g where g.id = p_id;
  if not found then
    raise exception 'Prefix not found' using errcode = 'P0002';
  end if;

  if not p_approve then
    if v_row.status = 'rejected' then
      raise exception 'This prefix was already refused' using errcode = '22023';
    end if;
    update public.business_gs1_prefixes
       set status = 'rejected', decided_by = auth.uid(), decided_at = now(), evidence = v_evidence
     where id = v_row.id;
    perform private.audit(case when v_row.status = 'verified' then 'withdraw_gs1_prefix' else 'reject_gs1_prefix' end,
      v_row.business_id, jsonb_build_object('prefix_id', v_row.id, 'prefix', v_row.prefix, 'evidence', v_evidence));
    return jsonb_build_object('id', v_row.id, 'status', 'rejected');
  end if;

  if v_row.status = 'verified' then
    raise exception 'This prefix is already verified' using errcode = '22023';
  end if;
  if not exists (select 1 from public.user_profiles u where u.id = v_row.business_id and u.is_business_user) then
    raise exception 'Approve the business account first: a prefix is verified together with the verified badge'
      using errcode = '22023';
  end if;
  select o.prefix into v_conflict from public.business_gs1_prefixes o
   where o.status = 'verified' and o.business_id <> v_row.business_id
     and (left(o.prefix, char_length(v_row.prefix)) = v_row.prefix or left(v_row.prefix, char_length(o.prefix)) = o.prefix)
   limit 1;
  if v_conflict is not null then
    raise exception 'This prefix overlaps % verified for another business; withdraw that one first', v_conflict
      using errcode = '23505', hint = 'gs1_prefix_held';
  end if;

  update public.business_gs1_prefixes
     set status = 'verified', decided_by = auth.uid(), decided_at = now(), evidence = v_evidence
   where id = v_row.id;
  update public.business_gs1_prefixes o
     set status = 'rejected', decided_by = auth.uid(), decided_at = now(),
         evidence = 'Verified for another business'
   where o.status = 'pending' and o.business_id <> v_row.business_id
     and (left(o.prefix, char_length(v_row.prefix)) = v_row.prefix or left(v_row.prefix, char_length(o.prefix)) = o.prefix);
  get diagnostics v_refused = row_count;
  update public.business_products p
     set released_gtin = p.gtin, gtin_released_reason = 'other_prefix', gtin_released_at = now(), gtin = null
   where p.business_id <> v_row.business_id and p.gtin is not null and private.gtin_under_prefix(p.gtin, v_row.prefix);
  get diagnostics v_released = row_count;
  update public.business_products p
     set gtin = p.released_gtin, released_gtin = null, gtin_released_reason = null, gtin_released_at = null
   where p.business_id = v_row.business_id and p.released_gtin is not null
     and p.gtin_released_reason <> 'check_digit' and private.gtin_under_prefix(p.released_gtin, v_row.prefix)
     and not exists (select 1 from public.business_products o where o.gtin = p.released_gtin)
     -- One product per GTIN: the earliest of the business's own duplicates gets it back.
     and p.id = (select d.id from public.business_products d
                  where d.business_id = v_row.business_id and d.released_gtin = p.released_gtin
                    and d.gtin_released_reason <> 'check_digit'
                  order by d.created_at, d.id limit 1);
  get diagnostics v_restored = row_count;
  perform private.audit('verify_gs1_prefix', v_row.business_id,
    jsonb_build_object('prefix_id', v_row.id, 'prefix', v_row.prefix, 'evidence', v_evidence,
      'gtins_taken_back', v_released, 'gtins_given_back', v_restored, 'declarations_refused', v_refused));
  return jsonb_build_object('id', v_row.id, 'status', 'verified', 'gtins_taken_back', v_released,
    'gtins_given_back', v_restored, 'declarations_refused', v_refused);
end
$$;
revoke execute on function public.admin_decide_gs1_prefix(uuid, boolean, text) from public;
grant execute on function public.admin_decide_gs1_prefix(uuid, boolean, text) to authenticated;
