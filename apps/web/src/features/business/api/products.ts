// Product lines (public.business_products; RLS: a business reads and writes only its own).
// The list is paged by range with an exact count, so every product is reachable.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json, Tables } from '@tagledger/db/types';
import { unwrap } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { attributesFromText, type ProductValues } from '../lib/schemas';
import { businessKeys } from './keys';

export interface Product {
  id: string;
  name: string;
  gtin: string | null;
  /** A GTIN the product had and lost, and why (decision 0140). */
  released_gtin: string | null;
  gtin_released_reason: 'check_digit' | 'duplicate' | 'other_prefix' | null;
  sku: string | null;
  description: string;
  status: 'active' | 'recalled';
  /** When a moderator recalled the product, and why: only a moderator ends that recall. */
  moderator_recall_at: string | null;
  moderator_recall_reason: string | null;
  image_paths: string[];
  attributes: Record<string, string>;
  created_at: string;
}

export const PRODUCT_PAGE_SIZE = 20;
const COLUMNS =
  'id, name, gtin, released_gtin, gtin_released_reason, sku, description, status, moderator_recall_at, moderator_recall_reason, image_paths, attributes, created_at';

type ProductRow = Pick<Tables<'business_products'>, keyof Product>;

const STATUSES = ['active', 'recalled'] as const;
const RELEASE_REASONS = ['check_digit', 'duplicate', 'other_prefix'] as const;

/** `value` when it is one of `allowed` (the column's check constraint); anything else is a bug, thrown. */
function oneOf<T extends string>(column: string, value: string, allowed: readonly T[]): T {
  const known = allowed.find((a) => a === value);
  if (known === undefined) throw new Error(`business_products.${column} holds an unknown value: ${value}`);
  return known;
}

/**
 * A row as the database holds it, read into a Product: the text columns with fixed values are
 * checked against their check constraints, and the attributes (a JSON object, by the table's check
 * constraint) read as text — a value the Data API stored as a number or a list shows as its JSON.
 * Checked here, at the seam, rather than asserted with a cast.
 */
export function productOf(row: ProductRow): Product {
  const { attributes } = row;
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))
    throw new Error('business_products.attributes is not a JSON object');
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) texts[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return {
    ...row,
    status: oneOf('status', row.status, STATUSES),
    gtin_released_reason:
      row.gtin_released_reason === null
        ? null
        : oneOf('gtin_released_reason', row.gtin_released_reason, RELEASE_REASONS),
    attributes: texts,
  };
}

export function useProducts(page: number) {
  const { user } = useAuth();
  return useQuery(productsQueryOptions(user?.id, page));
}

/** A page of the business's products (the business is its owner's user id). */
export const productsQueryOptions = (userId: string | undefined, page: number) => {
  const uid = userId ?? 'anonymous';
  return queryOptions({
    queryKey: businessKeys.productPage(uid, page),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const from = page * PRODUCT_PAGE_SIZE;
      const { data, error, count } = await supabase
        .from('business_products')
        .select(COLUMNS, { count: 'exact' })
        .eq('business_id', uid)
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, from + PRODUCT_PAGE_SIZE - 1);
      const items = (unwrap({ data, error }) ?? []).map(productOf);
      return { items, total: count ?? items.length };
    },
  });
};

export function useProduct(id: string) {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.product(uid, id),
    enabled: Boolean(user && id),
    queryFn: async () =>
      productOf(unwrap(await supabase.from('business_products').select(COLUMNS).eq('id', id).single())),
  });
}

export function useSaveProduct() {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: async ({ id, values, imagePaths }: { id?: string; values: ProductValues; imagePaths: string[] }) => {
      const common = {
        name: values.name,
        description: values.description,
        image_paths: imagePaths,
        attributes: attributesFromText(values.attributes) as Json,
      };
      if (id) {
        // GTIN and SKU are fixed once labels may have been printed with them.
        unwrap(await supabase.from('business_products').update(common).eq('id', id));
        return id;
      }
      const row = unwrap(
        await supabase
          .from('business_products')
          .insert({ ...common, business_id: uid, gtin: values.gtin || null, sku: values.sku || null })
          .select('id')
          .single(),
      );
      return row.id;
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: businessKeys.products(uid) }),
        qc.invalidateQueries({ queryKey: businessKeys.overview(uid) }),
      ]),
  });
}

/** Recalls a product line (every unit's scan page then says recalled) or restores it. */
export function useSetProductStatus(productId: string) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: async (status: Product['status']) =>
      unwrap(await supabase.rpc('business_set_product_status', { p_product_id: productId, p_status: status })),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: businessKeys.products(uid) }),
        qc.invalidateQueries({ queryKey: businessKeys.units(uid, productId) }),
        qc.invalidateQueries({ queryKey: businessKeys.overview(uid) }),
      ]),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    business_set_product_status: { status: Product['status']; units_changed: number };
  }
}
