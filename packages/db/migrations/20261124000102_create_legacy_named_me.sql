-- The people who named the signed-in user as an accepted next of kin, so the Legacy page can offer
-- "Ask for access early": the owner's name, whether their switch is on, and any waiting request.
create or replace function public.legacy_named_me() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_aal_satisfied();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'owner_id', k.user_id, 'owner_name', coalesce(p.full_name, 'Your contact'),
      'switch_on', coalesce(s.enabled, false), 'released', s.released_at is not null,
      'request_release_after', (select r.release_after from public.legacy_requests r
                                 where r.owner_id = k.user_id and r.state = 'waiting')) order by k.responded_at)
      from public.next_of_kin k
      left join public.legacy_switches s on s.user_id = k.user_id
      left join public.user_profiles p on p.id = k.user_id
     where k.kin_user_id = auth.uid() and k.status = 'accepted'), '[]');
end
$$;
revoke execute on function public.legacy_named_me() from public;
grant execute on function public.legacy_named_me() to authenticated;
