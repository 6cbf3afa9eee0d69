// The moderators' queues, actions and log, all through database functions that check the caller
// (moderator_queue, moderator_queue_counts, moderator_act, moderator_log); the ban itself is the
// admin-ban-user server function. The database decides what each item shows: never an owner's
// e-mail, a sender's address or a private asset field.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeysetPage, PageCursor } from '@tagledger/functions-api';
import { unwrap } from '@/lib/api-error';
import { rpcArgs } from '@/lib/rpc-args';
import { callFunction } from '@/lib/call-function';
import { supabase } from '@/lib/supabase';
import type { LoggedAction, ModerationAction, QueueName } from '../lib/actions';

export const PAGE_SIZE = 10;

/** A keyset page (decision 0165): `next` starts the page after; `total` stops counting at 1,000. */
export type Page<T> = KeysetPage<T>;

export interface AssetReport {
  id: string;
  created_at: string;
  reason: string;
  details: string | null;
  asset: { id: string; title: string; description: string | null; kind: string; tags: string[]; public: boolean };
}

export interface ProductReport {
  id: string;
  created_at: string;
  reason: string;
  details: string | null;
  serial: string | null;
  brand: string;
  /** The business holds the verified badge. */
  brand_verified: boolean;
  product: {
    id: string;
    name: string;
    gtin: string | null;
    sku: string | null;
    status: string;
    /** A verified GS1 prefix of the business covers the GTIN (decision 0140). */
    gtin_verified: boolean;
    /** A GTIN taken from the product (its prefix is another business's, or it was invalid). */
    released_gtin: string | null;
  };
  unit: { id: string; serial: string; status: string } | null;
}

export interface FlaggedUnit {
  id: string;
  serial: string;
  status: string;
  scans_24h: number;
  places_24h: number;
  /** Checks of the serial at /verify that found several brands' units (none of them is sure to be this one). */
  shared_scans_24h: number;
  /** The other brands whose units carry the same serial. */
  other_brands: string[];
  last_scan_at: string;
  brand: string;
  brand_verified: boolean;
  product: { id: string; name: string; gtin: string | null; status: string; gtin_verified: boolean };
}

export interface ContactReport {
  id: string;
  created_at: string;
  sender_name: string | null;
  message: string;
  reason: string | null;
}

export interface BanRequest {
  id: string;
  created_at: string;
  reason: string;
  queue: QueueName;
  user_id: string;
  email: string | null;
  requested_by: string | null;
}

export interface QueueItems {
  assets: AssetReport;
  products: ProductReport;
  flagged: FlaggedUnit;
  contact: ContactReport;
  bans: BanRequest;
}

export type QueueCounts = Record<QueueName, number | null>;

export interface LogEntry {
  id: number;
  created_at: string;
  queue: QueueName;
  item_id: string;
  action: LoggedAction;
  reason: string;
  details: Record<string, unknown>;
  by_me: boolean;
  moderator: string | null;
}

/** A product a moderator recalled, until a moderator ends the recall (moderator_recalls). */
export interface StandingRecall {
  product_id: string;
  name: string;
  gtin: string | null;
  sku: string | null;
  brand: string;
  recalled_at: string;
  reason: string;
}

const keys = {
  all: ['moderation'] as const,
  counts: () => [...keys.all, 'counts'] as const,
  queue: (name: QueueName, after: PageCursor | null) => [...keys.all, 'queue', name, after] as const,
  recalls: (after: PageCursor | null) => [...keys.all, 'recalls', after] as const,
  log: (after: PageCursor | null) => [...keys.all, 'log', after] as const,
};

export const queueCountsQueryOptions = () =>
  queryOptions({
    queryKey: keys.counts(),
    queryFn: async () => unwrap(await supabase.rpc('moderator_queue_counts')),
  });

export function useQueueCounts() {
  return useQuery(queueCountsQueryOptions());
}

/** One page of a queue, starting after `after` (the page before's `next`; null: the newest). */
export const queueQueryOptions = (name: QueueName, after: PageCursor | null) =>
  queryOptions({
    queryKey: keys.queue(name, after),
    queryFn: async () =>
      unwrap(await supabase.rpc('moderator_queue', { p_queue: name, p_limit: PAGE_SIZE, p_after: after ?? undefined })),
    placeholderData: keepPreviousData,
  });

export function useQueue(name: QueueName, after: PageCursor | null) {
  return useQuery(queueQueryOptions(name, after));
}

export function useStandingRecalls(after: PageCursor | null) {
  return useQuery({
    queryKey: keys.recalls(after),
    queryFn: async () =>
      unwrap(await supabase.rpc('moderator_recalls', { p_limit: PAGE_SIZE, p_after: after ?? undefined })),
    placeholderData: keepPreviousData,
  });
}

/** A moderator ends a recall, with the reason the log keeps; the recalls and the log are read again. */
export function useEndRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, reason }: { productId: string; reason: string }) =>
      unwrap(
        await supabase.rpc('moderator_set_product_status', {
          p_product_id: productId,
          p_status: 'active',
          p_reason: reason,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useModerationLog(after: PageCursor | null) {
  return useQuery({
    queryKey: keys.log(after),
    queryFn: async () =>
      unwrap(await supabase.rpc('moderator_log', { p_limit: PAGE_SIZE, p_after: after ?? undefined })),
    placeholderData: keepPreviousData,
  });
}

export interface ActInput {
  queue: QueueName;
  itemId: string;
  action: ModerationAction | 'ban';
  reason: string;
  /** The account to ban (ban requests only). */
  userId?: string;
}

/** One action with its reason; every queue and the log are read again afterwards. */
export function useModeratorAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ActInput) => {
      if (input.action === 'ban') {
        if (!input.userId) throw new Error('No account to ban');
        return callFunction('admin-ban-user', { user_id: input.userId, banned: true, reason: input.reason });
      }
      return unwrap(await supabase.rpc('moderator_act', rpcArgs(input, 'queue', 'itemId', 'action', 'reason')));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    moderator_queue_counts: QueueCounts;
    moderator_queue: Page<QueueItems[QueueName]>;
    moderator_recalls: Page<StandingRecall>;
    moderator_set_product_status: { status: string };
    moderator_log: Page<LogEntry>;
    moderator_act: { log_id: number };
  }
}
