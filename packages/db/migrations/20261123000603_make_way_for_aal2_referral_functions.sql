-- Lets the two-factor migration (20261123000900) run after the purchase-based referral flow.
-- 20261123000602 changed the result columns of my_referral_stats (tokens_pending) and
-- my_referred_users (status); 20261123000900 re-creates both with `create or replace` and their
-- earlier columns, which PostgreSQL refuses ("cannot change return type of existing function"),
-- so a fresh database would stop migrating there. Dropping them here lets 0900 create its copy;
-- 20261123000950 then drops that copy and creates the purchase-based versions with the
-- two-factor check. A database that applied 0900 before 0600–0602 ends in the same state
-- (0602's versions dropped here, re-created by 0950). Nothing calls them between the migrations.
drop function public.my_referral_stats();
drop function public.my_referred_users(int, int);
