-- A business's catalogue: product lines and the serialized units customers scan (issue 14).
-- Only a verified business (user_profiles.is_business_user, granted by an admin) writes here, and
-- only to its own rows. Moderators and admins read everything, for their queues. "counterfeit" is a
-- moderator's verdict: a business can neither set it nor undo it.

-- Whether the caller is a business account. Security definer so that policies can ask it without
-- depending on the caller's view of user_profiles.
create or replace function private.is_business() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_profiles p where p.id = auth.uid() and p.is_business_user)
$$;
revoke execute on function private.is_business() from public;
grant execute on function private.is_business() to authenticated, service_role;

create table public.business_products (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  -- GTIN-8/12/13/14 digits, as GS1 Digital Link writes them after /01/.
  gtin text check (gtin is null or gtin ~ '^[0-9]{8}$|^[0-9]{12,14}$'),
  sku text check (sku is null or char_length(btrim(sku)) between 1 and 64),
  description text not null default '' check (char_length(description) <= 5000),
  status text not null default 'active' check (status in ('active', 'recalled')),
  created_at timestamptz not null default now(),
  constraint business_products_identified check (gtin is not null or sku is not null)
);
create unique index business_products_gtin_idx on public.business_products (business_id, gtin) where gtin is not null;
create unique index business_products_sku_idx on public.business_products (business_id, sku) where sku is not null;

alter table public.business_products enable row level security;
grant select on public.business_products to authenticated, service_role;
grant insert (business_id, name, gtin, sku, description) on public.business_products to authenticated;
grant update (name, description, status) on public.business_products to authenticated;
grant delete on public.business_products to authenticated;
grant insert, update, delete on public.business_products to service_role;

create policy "Businesses read their own products" on public.business_products
  for select to authenticated using (business_id = auth.uid());
create policy "Moderators read every product" on public.business_products
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Businesses add their own products" on public.business_products
  for insert to authenticated with check (business_id = auth.uid() and private.is_business());
create policy "Businesses edit their own products" on public.business_products
  for update to authenticated using (business_id = auth.uid() and private.is_business())
  with check (business_id = auth.uid());
create policy "Businesses delete their own products" on public.business_products
  for delete to authenticated using (business_id = auth.uid() and private.is_business());
create policy "Two-factor users need an aal2 session" on public.business_products
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

create table public.business_units (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid not null references public.business_products (id) on delete cascade,
  -- URL-safe, so that /01/{gtin}/21/{serial} and /verify/{serial} need no escaping on a label.
  serial text not null check (serial ~ '^[A-Za-z0-9._-]{1,64}$'),
  status text not null default 'active' check (status in ('active', 'sold', 'recalled', 'counterfeit')),
  created_at timestamptz not null default now(),
  constraint business_units_serial_key unique (business_id, serial)
);
create index business_units_product_idx on public.business_units (product_id, serial);
create index business_units_serial_idx on public.business_units (serial);

alter table public.business_units enable row level security;
grant select on public.business_units to authenticated, service_role;
grant insert (business_id, product_id, serial, status) on public.business_units to authenticated;
grant update (status) on public.business_units to authenticated;
grant delete on public.business_units to authenticated;
grant insert, update, delete on public.business_units to service_role;

create policy "Businesses read their own units" on public.business_units
  for select to authenticated using (business_id = auth.uid());
create policy "Moderators read every unit" on public.business_units
  for select to authenticated using (private.is_moderator_or_admin());
create policy "Businesses add units to their own products" on public.business_units
  for insert to authenticated with check (
    business_id = auth.uid() and private.is_business() and status <> 'counterfeit'
    and exists (select 1 from public.business_products p where p.id = product_id and p.business_id = auth.uid()));
create policy "Businesses change the status of their own units" on public.business_units
  for update to authenticated using (business_id = auth.uid() and private.is_business() and status <> 'counterfeit')
  with check (business_id = auth.uid() and status <> 'counterfeit');
create policy "Businesses delete their own units" on public.business_units
  for delete to authenticated using (business_id = auth.uid() and private.is_business());
create policy "Two-factor users need an aal2 session" on public.business_units
  as restrictive to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
