// What is wrong with a line of a units CSV, in the reader's language: the import answers a code and
// its values for each bad line (ImportRowError); its English `message` is only for API callers.
import type { ImportRowError } from '@tagledger/functions-api';
import { formatNumber } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';

export function importRowErrorText(e: ImportRowError): string {
  switch (e.code) {
    case 'too_many_columns':
      return i18n._('Too many columns: expected serial and an optional status');
    case 'invalid_serial':
      return i18n._('Serial must be 1–64 letters, digits, dots, dashes or underscores');
    case 'invalid_status':
      return i18n._('Status must be active, sold or recalled');
    case 'duplicate_in_file':
      return i18n._('Serial {serial} is already on line {earlierLine}', {
        serial: e.values.serial,
        earlierLine: e.values.earlierLine,
      });
    case 'serial_of_another_product':
      return i18n._('Serial {serial} belongs to another product', { serial: e.values.serial });
    case 'line_too_long':
      return i18n._('Line longer than {maxChars} characters', { maxChars: formatNumber(e.values.maxChars) });
    case 'too_many_rows':
      return i18n._('A CSV holds at most {maxRows} units: this line and the rest were not read', {
        maxRows: formatNumber(e.values.maxRows),
      });
    case 'file_too_large':
      return i18n._('The file is larger than {maxMiB} MiB: reading stopped here', { maxMiB: e.values.maxMiB });
    default:
      // A code from a newer server: its English text rather than nothing.
      return (e as { message: string }).message;
  }
}
