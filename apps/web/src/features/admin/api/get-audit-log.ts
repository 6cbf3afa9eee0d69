// The 50 newest admin actions (public.admin_audit_log; readable by admins only through RLS).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { AuditEntry } from './types';

export async function fetchAuditLog(): Promise<AuditEntry[]> {
  return unwrap(
    await supabase
      .from('admin_audit_log')
      .select('id, admin_id, action, target_user_id, details, created_at')
      .order('created_at', { ascending: false })
      .limit(50),
  ) as unknown as AuditEntry[];
}

export const auditLogQueryOptions = () => queryOptions({ queryKey: adminKeys.audit(), queryFn: fetchAuditLog });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
