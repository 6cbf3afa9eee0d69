-- News (SPEC §2 News page / News management, §3 news_articles, §6): signed-in users read published
-- articles; admins read everything and create, edit, publish, unpublish and delete.
-- Anonymous callers get no privilege at all.
--
-- Each article carries its author's full_name and e-mail. Readers must not be able to read other
-- users' profile rows (role, business flag, activity …), so authors are copied into
-- public.article_authors — only id, full_name and e-mail of people who wrote an article — and
-- news_articles.author_id references that table. The REST engine embeds through that foreign key:
-- `select=*,author:article_authors(full_name,email)`. Triggers keep the copy in sync.

create table public.article_authors (
  id uuid primary key references public.user_profiles (id) on delete cascade,
  full_name text,
  email text
);

alter table public.article_authors enable row level security;

create table public.news_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  content text not null check (char_length(btrim(content)) between 1 and 100000),
  news_category text not null default 'General' check (char_length(btrim(news_category)) between 1 and 60),
  -- Optional; only web addresses, so a stored value can never become a javascript: or data: URL.
  image_url text check (image_url is null or (image_url ~* '^https?://[^\s]+$' and char_length(image_url) <= 2000)),
  is_published boolean not null default false,
  author_id uuid default auth.uid() references public.article_authors (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- What the screens query: published newest first (optionally by category), everything newest
-- first for admins, the distinct categories of published articles, and author look-ups.
create index news_articles_published_created_idx on public.news_articles (created_at desc, id desc) where is_published;
create index news_articles_published_category_idx on public.news_articles (news_category, created_at desc, id desc) where is_published;
create index news_articles_created_idx on public.news_articles (created_at desc, id desc);
create index news_articles_author_idx on public.news_articles (author_id);

alter table public.news_articles enable row level security;

-- Before the row is written (and before its foreign key is checked), make sure the author has
-- an article_authors row with their current name and e-mail.
create or replace function private.ensure_article_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.author_id is not null then
    insert into public.article_authors (id, full_name, email)
    select p.id, p.full_name, p.email from public.user_profiles p where p.id = new.author_id
    on conflict (id) do update set full_name = excluded.full_name, email = excluded.email;
  end if;
  return new;
end
$$;

create trigger news_articles_ensure_author before insert or update of author_id on public.news_articles
  for each row execute function private.ensure_article_author();

create trigger news_articles_touch before update on public.news_articles
  for each row execute function private.touch_updated_at();

-- Name or e-mail changes on a profile flow to the author copy (only authors have a row there).
create or replace function private.sync_article_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.article_authors set full_name = new.full_name, email = new.email where id = new.id;
  return new;
end
$$;

create trigger user_profiles_sync_article_author after update of full_name, email on public.user_profiles
  for each row when (old.full_name is distinct from new.full_name or old.email is distinct from new.email)
  execute function private.sync_article_author();

revoke execute on function private.ensure_article_author(), private.sync_article_author() from public;

-- Grants: readers select; admins (checked by the policies) write. author_id is set at insert and
-- never changed through the API.
grant select on public.news_articles to authenticated, service_role;
grant insert (title, content, news_category, image_url, is_published, author_id) on public.news_articles to authenticated;
grant update (title, content, news_category, image_url, is_published) on public.news_articles to authenticated;
grant delete on public.news_articles to authenticated;
grant insert, update, delete on public.news_articles to service_role;

grant select (id, full_name, email) on public.article_authors to authenticated;
grant select, insert, update, delete on public.article_authors to service_role;

create policy "Signed-in users can read published articles" on public.news_articles
  for select to authenticated using (is_published);
create policy "Admins can read all articles" on public.news_articles
  for select to authenticated using (private.is_admin());
create policy "Admins can create articles as themselves" on public.news_articles
  for insert to authenticated with check (private.is_admin() and author_id = auth.uid());
create policy "Admins can update articles" on public.news_articles
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete articles" on public.news_articles
  for delete to authenticated using (private.is_admin());

-- An author's name and e-mail are visible to readers of one of their published articles, and
-- to admins. The subquery runs under the caller's own news_articles policies.
create policy "Readers can see authors of published articles" on public.article_authors
  for select to authenticated using (
    exists (select 1 from public.news_articles a where a.author_id = article_authors.id and a.is_published)
  );
create policy "Admins can see all article authors" on public.article_authors
  for select to authenticated using (private.is_admin());

-- RPC published_news_categories(): the distinct categories of published articles, sorted
-- (SPEC §7). Runs as the caller, so RLS applies as for any read.
create or replace function public.published_news_categories() returns setof text
language sql stable security invoker set search_path = ''
as $$
  select distinct a.news_category from public.news_articles a where a.is_published order by 1
$$;

revoke execute on function public.published_news_categories() from public;
grant execute on function public.published_news_categories() to authenticated, service_role;
