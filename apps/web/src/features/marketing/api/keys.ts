export const marketingKeys = {
  businessRequest: (userId: string) => ['business-request', userId] as const,
};
