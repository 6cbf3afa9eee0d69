-- Admin side of buying tokens (issue 12): token packages (create, edit, deactivate), the tagging
-- prices that quote_asset_cost reads, and revenue figures. Admins only, every change audited.

-- RPC admin_save_token_package(p_id, …): creates a package when p_id is null, otherwise updates
-- it. Packages are never deleted (purchases point at them); deactivating hides them from sale.
create or replace function public.admin_save_token_package(
  p_id uuid,
  p_name text,
  p_tokens bigint,
  p_price_minor bigint,
  p_currency text default 'gbp',
  p_active boolean default true,
  p_sort_order integer default 0
) returns public.token_packages
language plpgsql security definer set search_path = ''
as $$
declare
  v_before public.token_packages;
  v_row public.token_packages;
begin
  perform private.require_admin();
  if p_name is null or char_length(btrim(p_name)) not between 1 and 80 then
    raise exception 'The name must be 1–80 characters' using errcode = '22023';
  end if;
  if p_tokens is null or p_tokens not between 1 and 10000000 then
    raise exception 'Tokens must be between 1 and 10,000,000' using errcode = '22023';
  end if;
  if p_price_minor is null or p_price_minor not between 50 and 10000000 then
    raise exception 'The price must be between 0.50 and 100,000.00' using errcode = '22023';
  end if;
  if p_currency is null or lower(p_currency) !~ '^[a-z]{3}$' then
    raise exception 'The currency must be a three-letter code' using errcode = '22023';
  end if;
  if p_active is null or p_sort_order is null then
    raise exception 'p_active and p_sort_order are required' using errcode = '22023';
  end if;

  if p_id is null then
    insert into public.token_packages (name, tokens, price_minor, currency, active, sort_order)
    values (btrim(p_name), p_tokens, p_price_minor, lower(p_currency), p_active, p_sort_order)
    returning * into v_row;
  else
    select * into v_before from public.token_packages p where p.id = p_id for update;
    if not found then
      raise exception 'Package not found' using errcode = 'P0002';
    end if;
    update public.token_packages
       set name = btrim(p_name), tokens = p_tokens, price_minor = p_price_minor, currency = lower(p_currency),
           active = p_active, sort_order = p_sort_order, updated_at = now()
     where id = p_id
     returning * into v_row;
  end if;
  perform private.audit('save_token_package', null,
    jsonb_build_object('package_id', v_row.id, 'before', to_jsonb(v_before), 'after', to_jsonb(v_row)));
  return v_row;
end
$$;
revoke execute on function public.admin_save_token_package(uuid, text, bigint, bigint, text, boolean, integer) from public;
grant execute on function public.admin_save_token_package(uuid, text, bigint, bigint, text, boolean, integer) to authenticated, service_role;

-- RPC admin_update_tagging_prices(p_prices): p_prices = {"base": n, "photo_first": n, …,
-- "video": [{"max_seconds": 60, "amount": n}, …]}. Only items given are changed; video tiers must
-- exist already. One audit entry per changed price. Returns the new quote table.
create or replace function public.admin_update_tagging_prices(p_prices jsonb) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
  v_amount bigint;
  v_old bigint;
  v_tier jsonb;
  v_seconds integer;
begin
  perform private.require_admin();
  if p_prices is null or jsonb_typeof(p_prices) <> 'object' then
    raise exception 'Prices must be an object' using errcode = '22023';
  end if;
  for v_key, v_value in select * from jsonb_each(p_prices) loop
    if v_key = 'video' then
      if jsonb_typeof(v_value) <> 'array' then
        raise exception 'video must be a list of tiers' using errcode = '22023';
      end if;
      for v_tier in select * from jsonb_array_elements(v_value) loop
        begin
          v_seconds := (v_tier ->> 'max_seconds')::integer;
          v_amount := (v_tier ->> 'amount')::bigint;
        exception when others then
          raise exception 'Each video tier needs whole max_seconds and amount' using errcode = '22023';
        end;
        if v_amount is null or v_amount not between 0 and 100000 then
          raise exception 'Prices must be between 0 and 100,000 TMT' using errcode = '22023';
        end if;
        select amount into v_old from public.asset_video_pricing where max_seconds = v_seconds for update;
        if not found then
          raise exception 'There is no video tier of % seconds', v_seconds using errcode = 'P0002';
        end if;
        if v_old <> v_amount then
          update public.asset_video_pricing set amount = v_amount where max_seconds = v_seconds;
          perform private.audit('update_tagging_price', null,
            jsonb_build_object('item', format('video_%s', v_seconds), 'before', v_old, 'after', v_amount));
        end if;
      end loop;
    else
      begin
        v_amount := (v_value #>> '{}')::bigint;
      exception when others then
        raise exception 'Prices must be whole numbers' using errcode = '22023';
      end;
      if v_amount is null or v_amount not between 0 and 100000 then
        raise exception 'Prices must be between 0 and 100,000 TMT' using errcode = '22023';
      end if;
      select amount into v_old from public.asset_pricing where item = v_key for update;
      if not found then
        raise exception 'Unknown price item %', v_key using errcode = '22023';
      end if;
      if v_old <> v_amount then
        update public.asset_pricing set amount = v_amount where item = v_key;
        perform private.audit('update_tagging_price', null, jsonb_build_object('item', v_key, 'before', v_old, 'after', v_amount));
      end if;
    end if;
  end loop;
  return jsonb_build_object(
    'items', (select jsonb_object_agg(item, amount) from public.asset_pricing),
    'video', (select jsonb_agg(jsonb_build_object('max_seconds', max_seconds, 'amount', amount) order by max_seconds)
                from public.asset_video_pricing));
end
$$;
revoke execute on function public.admin_update_tagging_prices(jsonb) from public;
grant execute on function public.admin_update_tagging_prices(jsonb) to authenticated, service_role;

-- RPC admin_revenue_stats(p_days, p_currency) → {currency, gross_minor, refunds_minor, net_minor,
-- paid_count, disputed_minor, by_day: [{day, gross_minor, refunds_minor}]} — totals over all
-- time, the chart over the last p_days days (UTC).
create or replace function public.admin_revenue_stats(p_days integer default 30, p_currency text default 'gbp')
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_currency text := lower(coalesce(p_currency, 'gbp'));
begin
  perform private.require_admin();
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'p_days must be 1–366' using errcode = '22023';
  end if;
  return (
    select json_build_object(
      'currency', v_currency,
      'gross_minor', coalesce(sum(p.amount_minor) filter (where p.paid_at is not null), 0),
      'refunds_minor', coalesce(sum(p.amount_refunded_minor), 0),
      'net_minor', coalesce(sum(p.amount_minor) filter (where p.paid_at is not null), 0) - coalesce(sum(p.amount_refunded_minor), 0),
      'paid_count', count(*) filter (where p.paid_at is not null),
      'disputed_minor', coalesce(sum(p.amount_minor) filter (where p.dispute_status in ('open', 'lost')), 0),
      'by_day', (
        select json_agg(json_build_object(
                 'day', to_char(d.day::date, 'YYYY-MM-DD'),
                 'gross_minor', coalesce((select sum(x.amount_minor) from public.token_purchases x
                                           where x.currency = v_currency and x.paid_at is not null
                                             and (x.paid_at at time zone 'UTC')::date = d.day::date), 0),
                 'refunds_minor', coalesce((select sum(x.amount_refunded_minor) from public.token_purchases x
                                             where x.currency = v_currency and x.refunded_at is not null
                                               and (x.refunded_at at time zone 'UTC')::date = d.day::date), 0))
               order by d.day)
          from generate_series((now() at time zone 'UTC')::date - (p_days - 1), (now() at time zone 'UTC')::date, interval '1 day') as d(day)
      ))
    from public.token_purchases p
    where p.currency = v_currency
  );
end
$$;
revoke execute on function public.admin_revenue_stats(integer, text) from public;
grant execute on function public.admin_revenue_stats(integer, text) to authenticated, service_role;
