-- The data export reads a user's own record by its key (issue 33, decision 0153 amended): the
-- scale bench found the one-row sections "account" (auth.users) and "profile" (user_profiles)
-- taking 0.7 and 1.5 s with 10^6 accounts, because each matched the user's id or e-mail address,
-- and no index serves that "or": every account was read for one row. A table keyed by the user's
-- id is now read by that key alone. Otherwise as migration 20261127001200.

create or replace function private.export_page(p_user_id uuid, p_section text, p_after jsonb, p_limit integer)
returns table (cursor jsonb, data jsonb)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_section private.export_sections;
  v_rel regclass;
  v_email text;
  v_where text;
  v_user_key text;
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
  -- A table whose primary key is the user's id holds one record of theirs: that key alone selects
  -- it. Its other columns naming the user (a copy of the address) are that record's own values,
  -- and matching them too would read the whole table (no index serves an "or") and could select
  -- another account's record that holds the same address.
  select a.attname::text into v_user_key
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
   where i.indrelid = v_rel and i.indisprimary and i.indnatts = 1
     and exists (select 1 from private.personal_data k
                  where k.section = p_section and k.column_name = a.attname and k.names_user_with = 'id');
  select pg_catalog.string_agg(private.personal_data_match(v_rel, d.column_name, d.names_user_with), ' or '
                               order by d.column_name)
    into v_where
    from private.personal_data d
   where d.section = p_section and (v_user_key is null or d.column_name = v_user_key);
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
