-- Fixed-window request counters shared by every server process (rate limits must hold across
-- several instances on one PostgreSQL, so they cannot live in process memory).
create table private.rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
create index rate_limits_window_idx on private.rate_limits (window_start);
alter table private.rate_limits enable row level security;
