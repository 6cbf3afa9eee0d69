-- The business's products list pages by cursor (issue 33, decision 0169): the web app reads it
-- through the Data API newest first, `(created_at, id) < (cursor)` as
-- `created_at <= t and (created_at < t or id < i)`, one row more than the page, with no count.
-- This index serves that order from the cursor's instant on, so a deep page reads what it shows.
-- It replaces the foreign key's index on business_id alone (20261126000100), whose first key it
-- keeps: deleting an account still finds its products by index.
drop index public.business_products_business_idx;
create index business_products_business_created_idx
  on public.business_products (business_id, created_at desc, id desc);
