// Every server function, by name. Add one line per function module.
import type { ServerFunction } from './types.js';

export const serverFunctions: ServerFunction[] = [];
