// The set-up most RLS tests start from: a fresh migrated database and two ordinary users, so every
// "own rows" check has someone else's rows to be denied. Call it in beforeAll; close t in afterAll.
import { createAuthUser, openTestDb, type Driver, type TestDb } from '@tagledger/db/testing';

export interface TwoUsers {
  t: TestDb;
  alice: string;
  bob: string;
}

export async function openWithTwoUsers(driver: Driver): Promise<TwoUsers> {
  const t = await openTestDb(driver);
  return { t, alice: await createAuthUser(t.db), bob: await createAuthUser(t.db) };
}
