// Small rules of the heir's page: archive names and what a failed download says.
import { titleSlug } from '@tagledger/functions-api';
import { toAppError } from '@/lib/api-error';
import { FunctionError } from '@/lib/call-function';
import { i18n } from '@/lib/i18n/i18n';

/** A file name from a title: ASCII letters and digits with dashes, as the server names archive folders. */
export function archiveFilename(title: string): string {
  return `${titleSlug(title) || 'legacy'}.zip`;
}

/** What the heir is told when a certificate or an archive could not be downloaded, by the server's code. */
export function downloadFailure(err: unknown): string {
  if (err instanceof FunctionError && err.code === 'archive_too_large') {
    return i18n._(
      'These files are too large for one archive. Download each asset on its own, or open its files one by one.',
    );
  }
  if (err instanceof FunctionError && err.code === 'rate_limited') {
    return i18n._('You downloaded many archives in the last hour. Please try again later.');
  }
  if (err instanceof FunctionError && err.code === 'not_found') {
    return i18n._('This is no longer released to you. Reload the page to see what is.');
  }
  return toAppError(err, i18n._('The download failed. Please try again.')).message;
}
