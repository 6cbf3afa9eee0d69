export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: string) => ['account', 'profile', userId] as const,
  settings: (userId: string) => ['account', 'settings', userId] as const,
  factors: (userId: string) => ['account', 'mfa-factors', userId] as const,
  sessions: (userId: string) => ['account', 'sessions', userId] as const,
  blockedSenders: (userId: string) => ['account', 'blocked-senders', userId] as const,
};
