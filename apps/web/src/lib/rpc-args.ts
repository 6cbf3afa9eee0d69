// Our database functions name their parameters `p_` and the argument in snake case
// (`p_user_id`); the app's inputs name the same values in its own terms (`userId`). `rpcArgs`
// picks the named fields of an input and gives them the functions' names, so an rpc call lists
// which fields it sends instead of writing each `p_…: input.…` line again:
//
//   unwrap(await supabase.rpc('admin_adjust_tokens', rpcArgs(input, 'userId', 'amount', 'reason')))
//
// Only the fields named are sent (PostgREST finds a function by its arguments' names, so a stray
// field would be a call to a function that does not exist). The result is typed, so tsc still
// checks it against the generated function's arguments: a required one missing, or a value of the
// wrong type, fails; a name the function does not take is not caught (it is not an object literal).

type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/** `{ userId: string }` with key `userId` → `{ p_user_id: string }`. */
export type RpcArgs<T, K extends keyof T & string> = { [P in K as `p_${SnakeCase<P>}`]: T[P] };

/** The database function's name for a field: `userId` → `p_user_id`, `price_minor` → `p_price_minor`. */
export function rpcParamName(field: string): string {
  return `p_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

export function rpcArgs<T, K extends keyof T & string>(input: T, ...fields: K[]): RpcArgs<T, K> {
  return Object.fromEntries(fields.map((f) => [rpcParamName(f), input[f]])) as RpcArgs<T, K>;
}
