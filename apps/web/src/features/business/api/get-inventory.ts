// The business user's inventory: their business-kind assets (RLS: own rows only) and totals.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
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

/** Totals over all business items (not only the current page). */
export function useInventoryStats() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['business', user?.id ?? 'anonymous', 'inventory-stats'],
    enabled: Boolean(user),
    queryFn: async () => {
      const rows = unwrap(await supabase.from('assets').select('quantity, status, privacy, serial_number').eq('kind', 'business')) as Pick<
        InventoryItem,
        'quantity' | 'status' | 'privacy' | 'serial_number'
      >[];
      return {
        products: rows.length,
        units: rows.reduce((n, r) => n + (r.quantity ?? 0), 0),
        withSerial: rows.filter((r) => r.serial_number).length,
        flagged: rows.filter((r) => r.status !== 'active').length,
      };
    },
  });
}
