// @tagledger/verify: everything a verifier needs, for Node and browsers alike (WebCrypto).
export * from './bytes.js';
export * from './merkle.js';
export * from './note.js';
export * from './entry.js';
export * from './bundle.js';
export * from './verify.js';
export * from './messages.js';
export { verifyTimestamp, timestampTime, certificatesFromPem, type TimestampCheck } from './timestamp.js';
