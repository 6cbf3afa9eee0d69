// The 50 newest admin actions with the e-mails of admin and target (rpc admin_audit_entries;
// admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import type { AuditEntry } from './types';

export async function fetchAuditLog(): Promise<AuditEntry[]> {
  return (unwrap(await supabase.rpc('admin_audit_entries', { p_limit: 50 })) ?? []) as AuditEntry[];
}

export const auditLogQueryOptions = () => queryOptions({ queryKey: adminKeys.audit(), queryFn: fetchAuditLog });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
