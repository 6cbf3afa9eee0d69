// Log output: one JSON object a line for log collectors, or — on a terminal, or LOG_FORMAT=pretty —
// pino-pretty's readable lines. Either way each request's lines carry its reqId (plugins/operations.ts).
// pino-pretty runs as a stream in this thread rather than as a worker-thread transport: no second
// JavaScript heap for a few log lines.
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type { Config } from '../config/index.js';

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (stream) return { level: config.logLevel, stream };
  if (!config.logPretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    // Required only here, so a server logging JSON never loads pino-pretty (decision 0110).
    stream: (createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty')).build({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  };
}
