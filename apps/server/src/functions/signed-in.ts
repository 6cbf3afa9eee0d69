// The check most signed-in functions start with: the caller is a signed-in user (not the anon or
// service key), else 401 with the function's own message.
import type { Identity as Principal } from '../shared/identify.js';
import { FunctionError } from './errors.js';

/** The signed-in caller's user id; anyone else gets 401 with `message`. */
export function signedInUserId(principal: Principal, message: string): string {
  if (principal.role !== 'authenticated' || !principal.userId) throw new FunctionError(401, message);
  return principal.userId;
}
