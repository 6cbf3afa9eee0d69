// public.next_of_kin: the caller's contacts (RLS: own rows only). One module for the four
// operations because they share the row type and the cache key.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { nokKeys } from './keys';

export interface NextOfKin {
  id: string;
  full_name: string;
  relationship: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  is_primary: boolean;
  access_level: 'view' | 'inherit';
  message: string | null;
  receives_kinds: string[];
  /** Single assets this person receives, besides whole kinds. */
  receives_assets: string[];
  created_at: string;
  /** Invitation state, set by the database functions only. */
  status: 'not_invited' | 'invited' | 'accepted' | 'declined';
}

export type NextOfKinInput = Omit<NextOfKin, 'id' | 'created_at' | 'status'>;

const COLUMNS =
  'id, full_name, relationship, email, phone, notes, is_primary, access_level, message, receives_kinds, receives_assets, created_at, status';

export async function listNextOfKin(): Promise<NextOfKin[]> {
  return unwrap(
    await supabase
      .from('next_of_kin')
      .select(COLUMNS)
      .order('is_primary', { ascending: false })
      .order('created_at', { ascending: true }),
  ) as NextOfKin[];
}

export const nextOfKinQuery = (userId: string) =>
  queryOptions({ queryKey: nokKeys.list(userId), queryFn: listNextOfKin });

export function useNextOfKin(userId: string) {
  return useQuery(nextOfKinQuery(userId));
}

function useNokMutation<T>(userId: string, fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: nokKeys.list(userId) }) });
}

export const useCreateNextOfKin = (userId: string) =>
  useNokMutation(userId, async (input: NextOfKinInput) =>
    unwrap(await supabase.from('next_of_kin').insert(input).select(COLUMNS).single()),
  );

export const useUpdateNextOfKin = (userId: string) =>
  useNokMutation(userId, async ({ id, input }: { id: string; input: NextOfKinInput }) =>
    unwrap(await supabase.from('next_of_kin').update(input).eq('id', id).select(COLUMNS).single()),
  );

export const useDeleteNextOfKin = (userId: string) =>
  useNokMutation(userId, async (id: string) => unwrap(await supabase.from('next_of_kin').delete().eq('id', id)));
