-- News in English and French (issue 32, item 2; decision 0155). An article keeps what both
-- languages share — category, image, author, dates — and has up to two versions, one per language,
-- each with its own title, content, image description (alt text) and status (draft or published).
--
-- Readers (every signed-in user) see a version only once it is published: RLS on the versions
-- table, so a draft translation of a published article is never sent to a reader. Admins read and
-- write everything. news_articles.is_published is no longer written by anyone: a trigger keeps it
-- true exactly while the article has a published version, so the article policies, the authors'
-- policy, the category list and the indexes that read it keep working unchanged.
--
-- Existing articles: their text becomes the English version, with the status they had; the title
-- and content columns of news_articles go, so no draft text can be read through them.

create table public.news_article_versions (
  article_id uuid not null references public.news_articles (id) on delete cascade,
  language text not null check (language in ('en', 'fr')),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  content text not null check (char_length(btrim(content)) between 1 and 100000),
  -- Describes the article's image for people who cannot see it; null when there is no description.
  image_alt text check (image_alt is null or char_length(btrim(image_alt)) between 1 and 300),
  status text not null default 'draft' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (article_id, language)
);

alter table public.news_article_versions enable row level security;

insert into public.news_article_versions (article_id, language, title, content, status, created_at, updated_at)
select a.id, 'en', a.title, a.content, case when a.is_published then 'published' else 'draft' end,
       a.created_at, a.updated_at
  from public.news_articles a;

alter table public.news_articles drop column title, drop column content;

-- is_published is derived from the versions from now on.
revoke insert (is_published), update (is_published) on public.news_articles from authenticated;

create or replace function private.sync_article_published() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_article uuid := case when tg_op = 'DELETE' then old.article_id else new.article_id end;
  v_published boolean;
begin
  v_published := exists (select 1 from public.news_article_versions v
                          where v.article_id = v_article and v.status = 'published');
  update public.news_articles set is_published = v_published
   where id = v_article and is_published is distinct from v_published;
  if tg_op = 'UPDATE' and old.article_id is distinct from new.article_id then
    raise exception 'a version stays with its article' using errcode = '42501';
  end if;
  return null;
end
$$;
revoke execute on function private.sync_article_published() from public;

create trigger news_article_versions_sync_published after insert or update or delete on public.news_article_versions
  for each row execute function private.sync_article_published();

create trigger news_article_versions_touch before update on public.news_article_versions
  for each row execute function private.touch_updated_at();

grant select on public.news_article_versions to authenticated, service_role;
grant insert (article_id, language, title, content, image_alt, status) on public.news_article_versions to authenticated;
grant update (title, content, image_alt, status) on public.news_article_versions to authenticated;
grant delete on public.news_article_versions to authenticated;
grant insert, update, delete on public.news_article_versions to service_role;

create policy "Signed-in users can read published versions" on public.news_article_versions
  for select to authenticated using (status = 'published');
create policy "Admins can read all versions" on public.news_article_versions
  for select to authenticated using (private.is_admin());
create policy "Admins can create versions" on public.news_article_versions
  for insert to authenticated with check (private.is_admin());
create policy "Admins can update versions" on public.news_article_versions
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins can delete versions" on public.news_article_versions
  for delete to authenticated using (private.is_admin());

-- RPC save_news_article(id, category, image_url, versions): creates (id null) or updates an article
-- and its versions in one transaction, so an article never exists without a version. versions is
-- {"en": {title, content, image_alt, status} | null, "fr": … | null}; a language given as null (or
-- left out) has its version removed; at least one language is required. Runs as the caller: the
-- admin policies above and on news_articles decide.
create or replace function public.save_news_article(p_id uuid, p_category text, p_image_url text, p_versions jsonb)
returns uuid
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_id uuid;
  v_lang text;
  v jsonb;
begin
  if not private.is_admin() then
    raise exception 'Only admins can write news articles' using errcode = '42501';
  end if;
  if p_versions is null or jsonb_typeof(p_versions) <> 'object'
     or exists (select 1 from jsonb_object_keys(p_versions) k where k not in ('en', 'fr'))
     or not exists (select 1 from jsonb_each(p_versions) e where jsonb_typeof(e.value) = 'object') then
    raise exception 'An article needs an English or a French version' using errcode = '22023';
  end if;
  if p_id is null then
    insert into public.news_articles (news_category, image_url)
    values (coalesce(nullif(btrim(p_category), ''), 'General'), nullif(btrim(p_image_url), ''))
    returning id into v_id;
  else
    update public.news_articles
       set news_category = coalesce(nullif(btrim(p_category), ''), 'General'), image_url = nullif(btrim(p_image_url), '')
     where id = p_id
    returning id into v_id;
    if v_id is null then
      raise exception 'Article not found' using errcode = 'P0002';
    end if;
  end if;
  foreach v_lang in array array['en', 'fr'] loop
    v := p_versions -> v_lang;
    if v is null or jsonb_typeof(v) <> 'object' then
      delete from public.news_article_versions where article_id = v_id and language = v_lang;
    else
      insert into public.news_article_versions (article_id, language, title, content, image_alt, status)
      values (v_id, v_lang, btrim(v ->> 'title'), btrim(v ->> 'content'), nullif(btrim(v ->> 'image_alt'), ''),
              coalesce(v ->> 'status', 'draft'))
      on conflict (article_id, language) do update
        set title = excluded.title, content = excluded.content, image_alt = excluded.image_alt, status = excluded.status;
    end if;
  end loop;
  return v_id;
end
$$;

revoke execute on function public.save_news_article(uuid, text, text, jsonb) from public;
grant execute on function public.save_news_article(uuid, text, text, jsonb) to authenticated, service_role;
