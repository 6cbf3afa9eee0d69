export interface LevelStat {
  level: number;
  referred_count: number;
  tokens_earned: number;
  /** The current reward for this level (TMT). */
  reward: number;
}

export interface ReferredPerson {
  display_name: string;
  level: number;
  reward: number;
  joined_at: string;
}

export interface RewardRow {
  id: string;
  amount: number;
  description: string;
  created_at: string;
}
