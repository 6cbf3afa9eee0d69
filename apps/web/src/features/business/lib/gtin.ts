// GS1 check digit: the rule lives in @tagledger/functions-api (gs1.ts), which the server and the
// database (private.gtin_check_digit_ok) apply too.
export { gtinCheckDigitOk } from '@tagledger/functions-api';
