// The price shown before submitting: public.quote_asset_cost reads the same pricing table the
// database charges from.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { rpcArgs } from '@/lib/rpc-args';
import { supabase } from '@/lib/supabase';
import { assetKeys } from './keys';
import type { Quote } from './types';

export interface QuoteInput {
  photos: number;
  documents: number;
  videoSeconds: (number | null)[];
}

export async function fetchQuote(input: QuoteInput): Promise<Quote> {
  return unwrap(await supabase.rpc('quote_asset_cost', rpcArgs(input, 'photos', 'documents', 'videoSeconds')));
}

export const quoteQueryOptions = (input: QuoteInput) =>
  queryOptions({
    queryKey: assetKeys.quote(input),
    queryFn: () => fetchQuote(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useQuote(input: QuoteInput) {
  return useQuery(quoteQueryOptions(input));
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    quote_asset_cost: Quote;
  }
}
