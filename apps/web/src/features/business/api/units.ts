// A product's units (public.business_units): the keyset-paged list with its search by serial,
// adding one or a numbered range (business_add_unit_range), the streamed CSV import with its upload
// progress, label sheets with their plan, and one unit's QR code.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportUnitsReport,
  LabelSheetPlan,
  UnitLabelsRange,
  UnitLabelsRequest,
  UnitStatus,
} from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import { rpcArgs } from '@/lib/rpc-args';
import { useAuth } from '@/lib/auth';
import { callFunction, callFunctionRaw, uploadToFunction } from '@/lib/call-function';
import { supabase } from '@/lib/supabase';
import type { RangeValues } from '../lib/schemas';
import { businessKeys } from './keys';

export interface Unit {
  id: string;
  serial: string;
  status: UnitStatus;
  created_at: string;
}

export const UNIT_PAGE_SIZE = 50;

/** Where a page of units starts: the units after `after` whose serial starts with `prefix`. */
export interface UnitPageQuery {
  prefix: string;
  after: string | null;
}

/**
 * One page of a product's units in serial byte order (rpc business_unit_page, served by the
 * (product_id, serial "C") index): a keyset page, so page 22 costs what page 1 costs.
 */
export function useUnits(productId: string, query: UnitPageQuery) {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.unitPage(uid, productId, query.prefix, query.after),
    enabled: Boolean(user && productId),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      // One more than a page says whether there is a next one.
      const rows = unwrap(
        await supabase.rpc('business_unit_page', {
          p_product_id: productId,
          ...(query.prefix ? { p_prefix: query.prefix } : {}),
          ...(query.after ? { p_after: query.after } : {}),
          p_limit: UNIT_PAGE_SIZE + 1,
        }),
      ) as Unit[];
      return { items: rows.slice(0, UNIT_PAGE_SIZE), hasMore: rows.length > UNIT_PAGE_SIZE };
    },
  });
}

/**
 * How many units the product has: the count the database keeps on the product row as units come
 * and go (business_products.unit_count, decision 0171), one row read however many units there are.
 */
export function useUnitCount(productId: string) {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.unitCount(uid, productId),
    enabled: Boolean(user && productId),
    queryFn: async () =>
      unwrap(await supabase.from('business_products').select('unit_count').eq('id', productId).single()).unit_count,
  });
}

function useUnitMutation<A, R>(productId: string, fn: (arg: A, uid: string) => Promise<R>) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: (arg: A) => fn(arg, uid),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: businessKeys.units(uid, productId) }),
        qc.invalidateQueries({ queryKey: businessKeys.overview(uid) }),
      ]),
  });
}

/**
 * Adds one unit; false when the business already has a unit with this serial. The insert ignores
 * a duplicate (on conflict do nothing) and answers 201 with no row, so an expected "already there"
 * is not a failed request in the browser's console.
 */
export function useAddUnit(productId: string) {
  return useUnitMutation(productId, async (serial: string, uid): Promise<boolean> => {
    const rows = unwrap(
      await supabase
        .from('business_units')
        .upsert(
          { business_id: uid, product_id: productId, serial },
          { onConflict: 'business_id,serial', ignoreDuplicates: true },
        )
        .select('id'),
    );
    return (rows ?? []).length > 0;
  });
}

export interface RangeResult {
  inserted: number;
  skipped: number;
  first: string;
  last: string;
}

export function useAddRange(productId: string) {
  return useUnitMutation(productId, async (v: RangeValues) =>
    unwrap(
      await supabase.rpc('business_add_unit_range', {
        p_product_id: productId,
        ...rpcArgs(v, 'prefix', 'start', 'count', 'width'),
      }),
    ),
  );
}

export function useImportCsv(productId: string) {
  return useUnitMutation(
    productId,
    ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }): Promise<ImportUnitsReport> =>
      uploadToFunction('import-units-stream', { productId }, file, onProgress),
  );
}

export async function fetchLabelSheet(request: UnitLabelsRequest): Promise<Blob> {
  const res = await callFunctionRaw('unit-labels-pdf', request);
  return res.blob();
}

/** How many labels a range holds, cut into the files the server prints (no PDF is made). */
export function fetchLabelPlan(range: UnitLabelsRange): Promise<LabelSheetPlan> {
  return callFunction('unit-labels-pdf', { ...range, plan: true as const });
}

/** One unit's QR code as an SVG or PNG file (unit-label-qr). */
export async function fetchUnitQr(unitId: string, format: 'svg' | 'png'): Promise<Blob> {
  const res = await callFunctionRaw('unit-label-qr', { unitId, format });
  return res.blob();
}

/** The statuses a business may give a unit; "counterfeit" is a moderator's verdict only. */
export type BusinessUnitStatus = Exclude<UnitStatus, 'counterfeit'>;

export function useSetUnitStatus(productId: string) {
  return useUnitMutation(productId, async ({ unitId, status }: { unitId: string; status: BusinessUnitStatus }) => {
    unwrap(await supabase.rpc('business_set_unit_status', { p_unit_id: unitId, p_status: status }));
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    business_add_unit_range: RangeResult;
    business_set_unit_status: { id: string; status: BusinessUnitStatus };
  }
}
