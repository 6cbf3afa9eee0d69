-- RPC admin_audit_entries(p_limit): the newest admin actions with the e-mails of the admin and
-- the target, so the dashboard can name people without reading every profile. Admins only.
create or replace function public.admin_audit_entries(p_limit int default 50)
returns table (
  id uuid,
  action text,
  admin_id uuid,
  admin_email text,
  target_user_id uuid,
  target_email text,
  details jsonb,
  created_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_limit is null or p_limit < 1 or p_limit > 200 then
    raise exception 'p_limit must be 1–200' using errcode = '22023';
  end if;
  return query
    select a.id, a.action, a.admin_id, ap.email, a.target_user_id, tp.email, a.details, a.created_at
      from public.admin_audit_log a
      left join public.user_profiles ap on ap.id = a.admin_id
      left join public.user_profiles tp on tp.id = a.target_user_id
     order by a.created_at desc, a.id desc
     limit p_limit;
end
$$;
revoke execute on function public.admin_audit_entries(int) from public;
grant execute on function public.admin_audit_entries(int) to authenticated, service_role;
