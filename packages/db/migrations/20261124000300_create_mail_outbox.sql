-- Outgoing mail is written here first and delivered by whichever server claims it, so a message
-- survives an SMTP outage or a server crash: delivery is retried with growing delays until it
-- succeeds or gives up (status 'failed', shown to admins). Delivered messages are deleted — their
-- bodies hold sign-in links that must not outlive their use.
create table private.mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  reply_to text,
  -- The message's main link (logged when no SMTP server is configured, for development).
  link text,
  status text not null default 'pending' check (status in ('pending', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A claim: the server sending it now; another may take the row only after this passes.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  failed_at timestamptz
);
create index mail_outbox_due_idx on private.mail_outbox (next_attempt_at) where status = 'pending';
alter table private.mail_outbox enable row level security;
-- Only the server (the table owner) reads and writes it; no API role has any grant or policy.

-- Failed mails for the admin dashboard: who, what, how often tried and why it failed — never the
-- body, which may carry another user's sign-in or confirmation link.
create function public.admin_failed_mails(p_limit integer default 50)
returns table (
  id bigint,
  to_address text,
  subject text,
  attempts integer,
  last_error text,
  created_at timestamptz,
  failed_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select m.id, m.to_address, m.subject, m.attempts, m.last_error, m.created_at, m.failed_at
      from private.mail_outbox m
     where m.status = 'failed'
     order by m.failed_at desc, m.id desc
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
revoke execute on function public.admin_failed_mails(integer) from public;
grant execute on function public.admin_failed_mails(integer) to authenticated;

-- Puts a failed mail back in the queue (e.g. after fixing the SMTP settings); true when it was failed.
create function public.admin_retry_mail(p_id bigint)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  found_row boolean;
begin
  perform private.require_admin();
  update private.mail_outbox
     set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, failed_at = null
   where id = p_id and status = 'failed';
  get diagnostics found_row = row_count;
  return found_row;
end
$$;
revoke execute on function public.admin_retry_mail(bigint) from public;
grant execute on function public.admin_retry_mail(bigint) to authenticated;
