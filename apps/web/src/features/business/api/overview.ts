// The business overview (rpc my_business_overview): the caller's catalogue in figures — products,
// units by status, label scans of the last 30 days, the newest products — computed by the database.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import type { Product } from './products';
import { businessKeys } from './keys';

export interface OverviewProduct extends Pick<Product, 'id' | 'name' | 'gtin' | 'sku' | 'status' | 'created_at'> {
  units: number;
}

export interface BusinessOverview {
  products: number;
  recalled_products: number;
  units: number;
  units_by_status: { active: number; sold: number; recalled: number; counterfeit: number };
  scans_30d: number;
  recent_products: OverviewProduct[];
  /** Business-kind assets the account tagged before the catalogue; they stay under My Assets. */
  tagged_assets: number;
}

export function useBusinessOverview() {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.overview(uid),
    enabled: Boolean(user),
    queryFn: async () => unwrap(await supabase.rpc('my_business_overview')),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    my_business_overview: BusinessOverview;
  }
}
