// Every server function, by name. Add one line per function module.
import type { ServerFunction } from './types.js';
import { submitBugReport } from './submit-bug-report.js';
import { exportMyData } from './export-my-data.js';
import { deleteAccount } from './delete-account.js';

export const serverFunctions: ServerFunction[] = [
  submitBugReport,
  exportMyData,
  deleteAccount,
];
