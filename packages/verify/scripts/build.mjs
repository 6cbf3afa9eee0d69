// npm run build -w @tagledger/verify: the library and CLI (tsc → dist/) and the offline verifier
// page, one HTML file with its script inlined (dist/tagledger-verify.html).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writePage } from './page.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, '../../node_modules/typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`wrote ${path.relative(process.cwd(), await writePage(path.join(root, 'dist')))}`);
