// Console capture for bug reports (SPEC §9): wraps console.error / warn / log once, records
// errors, warnings and logs that mention 'error', 'failed' or 'timeout' in a bounded ring buffer,
// and always calls the original method, so the console behaves exactly as before.
export type ConsoleLevel = 'error' | 'warn' | 'log';

export interface ConsoleEntry {
  level: ConsoleLevel;
  message: string;
  timestamp: string;
}

export const CONSOLE_BUFFER_SIZE = 100;
/** Entries sent with a report and shown in the modal. */
export const SENT_ENTRIES = 20;
export const SHOWN_ENTRIES = 10;
const MAX_MESSAGE_CHARS = 2000;
const INTERESTING_LOG = /error|failed|timeout/i;
const INSTALLED = Symbol.for('tagledger.consoleCapture');

const buffer: ConsoleEntry[] = [];

function describe(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return arg.stack || `${arg.name}: ${arg.message}`;
  if (arg === undefined) return 'undefined';
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

function record(level: ConsoleLevel, args: unknown[]) {
  const message = args.map(describe).join(' ').slice(0, MAX_MESSAGE_CHARS);
  if (level === 'log' && !INTERESTING_LOG.test(message)) return;
  buffer.push({ level, message, timestamp: new Date().toISOString() });
  if (buffer.length > CONSOLE_BUFFER_SIZE) buffer.splice(0, buffer.length - CONSOLE_BUFFER_SIZE);
}

/**
 * Installs the capture on `target` (the global console by default) and, for the global console,
 * also records uncaught errors and unhandled promise rejections — the browser prints those
 * without going through console.error. Calling it again does nothing.
 */
export function installConsoleCapture(target: Console = console): void {
  const marked = target as Console & { [INSTALLED]?: boolean };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  if (target === console && typeof window !== 'undefined') {
    window.addEventListener('error', (e) => record('error', [e.error ?? e.message]));
    window.addEventListener('unhandledrejection', (e) => record('error', ['Unhandled rejection:', e.reason]));
  }
  for (const level of ['error', 'warn', 'log'] as const) {
    const original = target[level];
    target[level] = function capture(this: unknown, ...args: unknown[]) {
      try {
        record(level, args);
      } catch {
        /* capturing must never break logging */
      }
      return original.apply(this ?? target, args);
    };
  }
}

/** A copy of the captured entries, oldest first. */
export function getConsoleEntries(): ConsoleEntry[] {
  return buffer.slice();
}

export function formatEntry(e: ConsoleEntry): string {
  return `[${e.timestamp}] [${e.level.toUpperCase()}] ${e.message}`;
}

/** The last `count` entries, newline-joined — what a report sends as consoleLogs. */
export function recentConsoleLogs(count = SENT_ENTRIES): string {
  return buffer.slice(-count).map(formatEntry).join('\n');
}

/** Empties the buffer (tests, and after nothing else needs it). */
export function clearConsoleEntries(): void {
  buffer.length = 0;
}
