-- Moderators' verdict on a unit (issue 14): mark it counterfeit, or clear the verdict back to
-- active. Only moderators and admins (at aal2 when they have a factor), always with a reason, and
-- every change in the audit log with the business as its target.
create or replace function public.moderator_set_unit_status(p_unit_id uuid, p_status text, p_reason text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  v_unit public.business_units;
begin
  perform private.require_aal_satisfied();
  if not private.is_moderator_or_admin() then
    raise exception 'Only moderators can judge units' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('counterfeit', 'active') then
    raise exception 'Status must be counterfeit or active' using errcode = '22023';
  end if;
  if p_reason is null or char_length(btrim(p_reason)) = 0 or char_length(p_reason) > 1000 then
    raise exception 'Give a reason (up to 1000 characters)' using errcode = '22023';
  end if;
  select * into v_unit from public.business_units u where u.id = p_unit_id for update;
  if not found then
    raise exception 'Unit not found' using errcode = 'P0002';
  end if;
  update public.business_units set status = p_status where id = p_unit_id;
  perform private.audit(case when p_status = 'counterfeit' then 'mark_unit_counterfeit' else 'clear_unit_verdict' end,
    v_unit.business_id,
    jsonb_build_object('unit_id', v_unit.id, 'serial', v_unit.serial, 'from', v_unit.status, 'reason', btrim(p_reason)));
  return jsonb_build_object('id', v_unit.id, 'serial', v_unit.serial, 'status', p_status);
end
$$;
revoke execute on function public.moderator_set_unit_status(uuid, text, text) from public;
grant execute on function public.moderator_set_unit_status(uuid, text, text) to authenticated;
