// The lint rules and import boundaries live in packages/eslint-config (see docs/contributing.md).
export { default } from '@tagledger/eslint-config';
