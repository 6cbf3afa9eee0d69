-- One brand name per business (issue 27, item 2; decision 0140): a business cannot take the name of
-- another under the verified badge, whatever case, spacing or look-alike characters it writes it
-- with. Every brand profile belongs to a business an administrator approved (the insert policy asks
-- private.is_business()), so a name unique among profiles is unique among verified businesses.

-- The name as compared: compatibility-normalised (NFKC turns full-width letters, ligatures and the
-- various Unicode spaces into their plain forms), lower case, without any white space or
-- zero-width character.
create or replace function private.brand_key(p_name text) returns text
language sql immutable set search_path = ''
as $$
  select lower(regexp_replace(normalize(p_name, NFKC), '[\s\u200B-\u200D\u2060\uFEFF]+', '', 'g'))
$$;
revoke execute on function private.brand_key(text) from public;
grant execute on function private.brand_key(text) to authenticated, service_role;

-- Names already shared: the business approved first keeps the name, the others get their name
-- followed by the start of their id, which they can change to a name of their own.
with ranked as (
  select b.business_id,
         row_number() over (
           partition by private.brand_key(b.brand_name)
           order by (select min(r.decided_at) from public.business_requests r
                      where r.user_id = b.business_id and r.status = 'approved') nulls last,
                    b.updated_at, b.business_id) as n
    from public.business_profiles b
)
update public.business_profiles b
   set brand_name = left(btrim(b.brand_name), 100) || ' (' || left(b.business_id::text, 8) || ')', updated_at = now()
  from ranked r
 where r.business_id = b.business_id and r.n > 1;

-- A name must hold something once its spaces are gone (checked for new and changed names).
alter table public.business_profiles
  add constraint business_profiles_brand_key_not_empty check (private.brand_key(brand_name) <> '') not valid;

create unique index business_profiles_brand_key_idx on public.business_profiles (private.brand_key(brand_name));

-- The same refusal with its own reason (the index alone would say "duplicate key"). Security
-- definer: a business cannot read other businesses' profiles.
create or replace function private.check_brand_name() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from public.business_profiles b
              where b.business_id <> new.business_id
                and private.brand_key(b.brand_name) = private.brand_key(new.brand_name)) then
    raise exception 'Another business already uses this brand name' using errcode = '23505', hint = 'brand_name_taken';
  end if;
  return new;
end
$$;
revoke execute on function private.check_brand_name() from public;
create trigger business_profiles_check_brand_name before insert or update of brand_name on public.business_profiles
  for each row execute function private.check_brand_name();
