// The business's scan analytics (my_business_scan_analytics: only scans of its own products).
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { businessKeys } from './keys';

export interface ScanAnalytics {
  days: number;
  total: number;
  daily: { day: string; count: number }[];
  products: { product_id: string; name: string; gtin: string | null; count: number }[];
  top_units: { unit_id: string; serial: string; product: string; status: string; count: number }[];
  flagged: {
    reason: 'many_scans' | 'never_issued';
    unit_id: string | null;
    serial: string;
    product: string | null;
    /** The GTIN a never-issued serial was scanned with (14 digits). */
    gtin?: string | null;
    status: string | null;
    /** many_scans: distinct scanners today and yesterday (UTC days); never_issued: scans. */
    count: number;
  }[];
  /**
   * The business's serials that visitors checked at /verify in the period and found on other
   * businesses' units too (such a scan belongs to no business, so there is no count).
   */
  shared_serials: { serial: string; product: string; other_brands: number }[];
}

export function useScanAnalytics(days: number) {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.analytics(uid, days),
    enabled: Boolean(user),
    queryFn: async () => unwrap(await supabase.rpc('my_business_scan_analytics', { p_days: days })),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    my_business_scan_analytics: ScanAnalytics;
  }
}
