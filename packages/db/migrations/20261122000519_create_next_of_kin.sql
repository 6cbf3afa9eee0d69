-- Next of kin (/nok): the people a user wants informed about their assets. Private to the owner:
-- nobody else — not even admins through the API — reads these rows. (Block 51x; 510–511 were taken
-- by the admin statistics, so this uses the top of the block.)
create table public.next_of_kin (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  relationship text not null check (char_length(btrim(relationship)) between 1 and 60),
  email text check (email is null or (char_length(email) <= 254 and email ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,20}$'),
  notes text check (notes is null or char_length(notes) <= 2000),
  is_primary boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Someone you cannot reach is no use as next of kin.
  constraint next_of_kin_reachable check (email is not null or phone is not null)
);

create index next_of_kin_user_idx on public.next_of_kin (user_id, created_at);
create unique index next_of_kin_one_primary_idx on public.next_of_kin (user_id) where is_primary;

alter table public.next_of_kin enable row level security;

grant select, delete on public.next_of_kin to authenticated;
grant insert (full_name, relationship, email, phone, notes, is_primary) on public.next_of_kin to authenticated;
grant update (full_name, relationship, email, phone, notes, is_primary) on public.next_of_kin to authenticated;
grant select, insert, update, delete on public.next_of_kin to service_role;

create policy "Users can read their own next of kin" on public.next_of_kin
  for select to authenticated using (user_id = auth.uid());
create policy "Users can add their own next of kin" on public.next_of_kin
  for insert to authenticated with check (user_id = auth.uid());
create policy "Users can edit their own next of kin" on public.next_of_kin
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "Users can remove their own next of kin" on public.next_of_kin
  for delete to authenticated using (user_id = auth.uid());

create trigger next_of_kin_touch before update on public.next_of_kin
  for each row execute function private.touch_updated_at();

-- One primary contact per user: marking one primary clears the flag on the others. Runs as the
-- caller, so RLS limits it to the caller's own rows.
create or replace function private.next_of_kin_single_primary() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.is_primary then
    update public.next_of_kin set is_primary = false
     where user_id = new.user_id and is_primary and id <> new.id;
  end if;
  return new;
end
$$;
create trigger next_of_kin_single_primary before insert or update of is_primary on public.next_of_kin
  for each row when (new.is_primary) execute function private.next_of_kin_single_primary();

-- At most 20 contacts per user, so the table cannot be used as free bulk storage.
create or replace function private.next_of_kin_limit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('next_of_kin:' || new.user_id::text));
  if (select count(*) from public.next_of_kin k where k.user_id = new.user_id) >= 20 then
    raise exception 'You can name at most 20 next of kin' using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke execute on function private.next_of_kin_limit() from public;
create trigger next_of_kin_limit before insert on public.next_of_kin
  for each row execute function private.next_of_kin_limit();
