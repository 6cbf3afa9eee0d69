import type { Tables } from '@tagledger/db/types';

export interface LevelStat {
  level: number;
  referred_count: number;
  tokens_earned: number;
  /** Rewards waiting for the referred people's first purchase (TMT). */
  tokens_pending: number;
  /** The current reward for this level (TMT). */
  reward: number;
}

export interface ReferredPerson {
  display_name: string;
  level: number;
  reward: number;
  /** pending until their first purchase is paid; earned; reversed after a refund; none (no reward). */
  status: 'pending' | 'earned' | 'reversed' | 'none';
  joined_at: string;
}

export type RewardRow = Pick<Tables<'token_transactions'>, 'id' | 'amount' | 'description' | 'created_at'>;
