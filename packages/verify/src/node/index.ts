// What only Node needs: signing (the log, witnesses), the time-stamping client, the witness.
export * from './signer.js';
export * from './tsa-client.js';
export * from './witness.js';
export { compactTimestamp, certificatesOfToken } from '../timestamp.js';
