-- Schema storage (SUPABASE-PROTOCOL Part D): bucket and object metadata, Supabase-compatible
-- column names so that app policies written for Supabase Storage work unchanged. The bytes live
-- outside the database (DATA_DIR/storage); objects.version names the stored blob.
--
-- Access control is row-level security: the storage service runs every metadata statement as
-- the caller's role, so policies on storage.objects decide who may read, upload, overwrite and
-- delete. No policies are created here: with RLS on and no policy, anon and authenticated can
-- do nothing; feature areas add bucket-specific policies in their own migrations.
-- service_role has BYPASSRLS.

create table storage.buckets (
  id text primary key check (char_length(id) between 1 and 100),
  name text not null,
  -- Deprecated Supabase column kept for compatibility; owner_id is the current one.
  owner uuid,
  owner_id text,
  public boolean not null default false,
  file_size_limit bigint check (file_size_limit is null or file_size_limit >= 0),
  allowed_mime_types text[],
  type text not null default 'STANDARD' check (type in ('STANDARD', 'ANALYTICS', 'VECTOR')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index buckets_name_key on storage.buckets (name);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null check (char_length(name) between 1 and 1024),
  -- Deprecated Supabase column kept for compatibility; owner_id is the current one.
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored
);

create unique index objects_bucket_id_name_key on storage.objects (bucket_id, name);
-- Listing one folder level scans names by prefix inside a bucket; "C" collation makes the
-- index usable for prefix matches whatever the database's default collation is.
create index objects_bucket_id_name_prefix_idx on storage.objects (bucket_id, name collate "C");

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Policy helpers with Supabase's names and semantics: 'a/b/c.png' → folders {a,b}, filename
-- 'c.png', extension 'png'. Plain SQL (no SET clause) so the planner can inline them in policies;
-- every call is schema-qualified, so search_path cannot redirect them.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Grants are broad on purpose (as in Supabase): RLS policies are the gate for anon and
-- authenticated. service_role is the server's own role for privileged operations.
grant select, insert, update, delete on storage.buckets to anon, authenticated, service_role;
grant select, insert, update, delete on storage.objects to anon, authenticated, service_role;
