-- Issue 17: a visitor who writes to an owner has no account, so the language of the page they wrote
-- from is kept with their message; the owner's reply reaches them in it. Written by the server only
-- (service_role); users are granted no access to the new columns.
alter table public.contact_requests
  add column sender_language text not null default 'en' check (sender_language in ('en', 'fr'));
alter table public.asset_messages
  add column sender_language text not null default 'en' check (sender_language in ('en', 'fr'));
