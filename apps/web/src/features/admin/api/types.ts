import type { Role } from '@/lib/profile';

export interface DashboardStats {
  users_total: number;
  users_confirmed: number;
  users_new_week: number;
  users_new_month: number;
  users_banned: number;
  tokens_in_circulation: number;
  tokens_earned: number;
  tokens_spent: number;
  transactions: number;
  assets: number;
  referrals: number;
  pending_business_requests: number;
  signups_by_day: { day: string; count: number }[];
}

export interface AdminUser {
  id: string;
  email: string | null;
  full_name: string | null;
  role: Role;
  is_business_user: boolean;
  referral_code: string | null;
  balance: number;
  email_confirmed_at: string | null;
  banned_until: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  pending_business_request: boolean;
}

export interface UserFilters {
  search: string;
  role: '' | Role;
  confirmed: '' | 'confirmed' | 'unconfirmed';
}

export const USERS_PAGE_SIZE = 25;

export interface BusinessRequest {
  id: string;
  user_id: string;
  email: string | null;
  full_name: string | null;
  note: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}

export interface AuditEntry {
  id: string;
  admin_id: string | null;
  admin_email: string | null;
  action: string;
  target_user_id: string | null;
  target_email: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
