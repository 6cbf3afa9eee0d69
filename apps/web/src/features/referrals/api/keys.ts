// Query keys of the referrals feature (one user's data under referralKeys.all(userId)).
export const referralKeys = {
  all: (userId: string | undefined) => ['referrals', userId ?? 'anonymous'] as const,
  code: (userId: string | undefined) => ['referrals', userId ?? 'anonymous', 'code'] as const,
  stats: (userId: string | undefined) => ['referrals', userId ?? 'anonymous', 'stats'] as const,
  people: (userId: string | undefined) => ['referrals', userId ?? 'anonymous', 'people'] as const,
  rewards: (userId: string | undefined) => ['referrals', userId ?? 'anonymous', 'rewards'] as const,
};
