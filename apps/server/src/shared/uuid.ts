// The one UUID check of the server: the canonical 8-4-4-4-12 hex form, any case (as PostgreSQL's uuid
// type reads it). Ids from a request are checked with it before they reach SQL, so a malformed one is
// the API's own error (404, validation) rather than the database's 22P02.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
