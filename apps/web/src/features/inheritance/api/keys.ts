export const nokKeys = {
  list: (userId: string) => ['next-of-kin', userId] as const,
};
