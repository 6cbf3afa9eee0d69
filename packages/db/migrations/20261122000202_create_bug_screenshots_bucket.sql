-- Private bucket for bug-report screenshots (SPEC §2 Bug report). Screenshots show balances and
-- personal data, so the bucket is not public: the submit-bug-report function writes them as the
-- service role, and only admins may read them (signed URLs) or delete them with their report.
-- Nobody uploads through the storage API.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('bug-screenshots', 'bug-screenshots', false, 5242880, array['image/jpeg', 'image/png'])
on conflict (id) do nothing;

create policy "Admins can read bug screenshots" on storage.objects
  for select to authenticated using (bucket_id = 'bug-screenshots' and private.is_admin());
create policy "Admins can delete bug screenshots" on storage.objects
  for delete to authenticated using (bucket_id = 'bug-screenshots' and private.is_admin());
