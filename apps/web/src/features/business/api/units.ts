// A product's units (public.business_units): the paged list, adding one or a numbered range
// (business_add_unit_range), the streamed CSV import with its upload progress, and label sheets.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportUnitsReport, UnitLabelsRequest, UnitStatus } from '@tagledger/functions-api';
import { unwrap, unwrapJson } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { callFunctionRaw, uploadToFunction } from '@/lib/call-function';
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

export function useUnits(productId: string, page: number) {
  const { user } = useAuth();
  const uid = user?.id ?? 'anonymous';
  return useQuery({
    queryKey: businessKeys.unitPage(uid, productId, page),
    enabled: Boolean(user && productId),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const from = page * UNIT_PAGE_SIZE;
      // The (product_id, serial) index serves this order.
      const { data, error, count } = await supabase
        .from('business_units')
        .select('id, serial, status, created_at', { count: 'exact' })
        .eq('product_id', productId)
        .order('serial')
        .range(from, from + UNIT_PAGE_SIZE - 1);
      const items = unwrap({ data, error }) as Unit[];
      return { items, total: count ?? items.length };
    },
  });
}

function useUnitMutation<A, R>(productId: string, fn: (arg: A, uid: string) => Promise<R>) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const uid = user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: (arg: A) => fn(arg, uid),
    onSettled: () => qc.invalidateQueries({ queryKey: businessKeys.units(uid, productId) }),
  });
}

export function useAddUnit(productId: string) {
  return useUnitMutation(productId, async (serial: string, uid) => {
    unwrap(await supabase.from('business_units').insert({ business_id: uid, product_id: productId, serial }));
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
    unwrapJson<RangeResult>(
      await supabase.rpc('business_add_unit_range', {
        p_product_id: productId,
        p_prefix: v.prefix,
        p_start: v.start,
        p_count: v.count,
        p_width: v.width,
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

/** The statuses a business may give a unit; "counterfeit" is a moderator's verdict only. */
export type BusinessUnitStatus = Exclude<UnitStatus, 'counterfeit'>;

export function useSetUnitStatus(productId: string) {
  return useUnitMutation(productId, async ({ unitId, status }: { unitId: string; status: BusinessUnitStatus }) => {
    unwrapJson<{ id: string; status: BusinessUnitStatus }>(
      await supabase.rpc('business_set_unit_status', { p_unit_id: unitId, p_status: status }),
    );
  });
}
