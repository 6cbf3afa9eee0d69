#!/usr/bin/env node
// The published command: runs the compiled verifier (npm run build writes dist/).
import { cliMain } from '../dist/cli.js';

process.exitCode = await cliMain(process.argv.slice(2));
