// The Database type the client is created with: the generated one (@tagledger/db/types), with the
// answer of each json-returning database function typed by its contract instead of `Json`. The catalog
// cannot describe a json answer's shape (it is written in the function's migration), so each feature
// declares the shapes of its functions here, beside the types they name, by module augmentation:
//
//   declare module '@/lib/json-rpc' {
//     interface JsonRpcResults {
//       verify_serial: VerifyResult;
//     }
//   }
//
// Then `unwrap(await supabase.rpc('verify_serial', …))` is a VerifyResult, with no cast at the call
// site or anywhere else (decision 0150). A name that is not a database function fails the type check.
import type { Database as Generated } from '@tagledger/db/types';

type Functions = Generated['public']['Functions'];

/** Json-returning database functions' answers, by function name; filled in by the features. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface JsonRpcResults {}

type Typed<Name, F> = Name extends keyof JsonRpcResults
  ? F extends { Args: infer A }
    ? { Args: A; Returns: JsonRpcResults[Name] }
    : never
  : F;

/** Only names of real functions may be declared. */
type Unknown = Exclude<keyof JsonRpcResults, keyof Functions>;
export type UndeclaredFunctions = [Unknown] extends [never] ? true : { 'not database functions': Unknown };
export const jsonRpcNamesExist: UndeclaredFunctions = true;

export type Database = Omit<Generated, 'public'> & {
  public: Omit<Generated['public'], 'Functions'> & {
    Functions: { [Name in keyof Functions]: Typed<Name, Functions[Name]> };
  };
};
