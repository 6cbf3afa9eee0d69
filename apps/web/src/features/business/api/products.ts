// Product lines (public.business_products; RLS: a business reads and writes only its own).
// The list pages by cursor (decision 0169): a page is the 20 products after the last one shown,
// newest first, read from the index (business_id, created_at desc, id desc) with no count, so a
// deep page costs what the first one does.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json, Tables } from '@tagledger/db/types';
import type { PageCursor } from '@tagledger/functions-api';
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

export function useProducts(after: PageCursor | null) {
  const { user } = useAuth();
  return useQuery(productsQueryOptions(user?.id, after));
}

/** A page of products and where the page after it starts (null: this is the last page). */
export interface ProductPage {
  items: Product[];
  next: PageCursor | null;
}

/** A page of the business's products (the business is its owner's user id), after `after`. */
export const productsQueryOptions = (userId: string | undefined, after: PageCursor | null) => {
  const uid = userId ?? 'anonymous';
  return queryOptions({
    queryKey: businessKeys.productPage(uid, after),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<ProductPage> => {
      let query = supabase.from('business_products').select(COLUMNS).eq('business_id', uid);
      if (after) {
        // (created_at, id) < (after): the range bound lets the index start at the cursor's time,
        // and the or() orders the products of that same instant by id.
        query = query.lte('created_at', after.k).or(`created_at.lt.${JSON.stringify(after.k)},id.lt.${after.id}`);
      }
      // One row more than the page says whether a next page exists.
      const rows = unwrap(
        await query
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(PRODUCT_PAGE_SIZE + 1),
      );
      const items = rows.slice(0, PRODUCT_PAGE_SIZE).map(productOf);
      const last = items.at(-1);
      return { items, next: rows.length > PRODUCT_PAGE_SIZE && last ? { k: last.created_at, id: last.id } : null };
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
