// The business user's inventory: their business-kind assets (RLS: own rows only) and totals.
import { useQuery } from '@tanstack/react-query';
import { unwrap, unwrapJson } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

export interface InventoryItem {
  id: string;
  title: string;
  sku: string | null;
  serial_number: string | null;
  quantity: number | null;
  status: 'active' | 'lost' | 'stolen';
  privacy: 'private' | 'public';
  created_at: string;
}

export interface Inventory {
  items: InventoryItem[];
  total: number;
}

export async function fetchInventory(page: number, pageSize: number): Promise<Inventory> {
  const { data, error, count } = await supabase
    .from('assets')
    .select('id, title, sku, serial_number, quantity, status, privacy, created_at', { count: 'exact' })
    .eq('kind', 'business')
    .order('created_at', { ascending: false })
    .range(page * pageSize, page * pageSize + pageSize - 1);
  const items = unwrap({ data, error }) as InventoryItem[];
  return { items, total: count ?? items.length };
}

export function useInventory(page: number, pageSize: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['business', user?.id ?? 'anonymous', 'inventory', page, pageSize],
    queryFn: () => fetchInventory(page, pageSize),
    enabled: Boolean(user),
  });
}

export interface InventoryStats {
  products: number;
  units: number;
  with_serial: number;
  flagged: number;
  public: number;
}

/** Totals over all business items (not only the current page), computed by the database. */
export function useInventoryStats() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['business', user?.id ?? 'anonymous', 'inventory-stats'],
    enabled: Boolean(user),
    queryFn: async () => unwrapJson<InventoryStats>(await supabase.rpc('my_business_inventory_stats')),
  });
}
