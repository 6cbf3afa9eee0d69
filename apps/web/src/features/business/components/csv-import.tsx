// Imports units from a CSV file of up to 100,000 lines (`serial` or `serial,status`, optional header).
// The file is streamed to the server, which inserts it batch by batch as it arrives, so the upload
// bar is the import's progress. The report lists bad lines and can be downloaded; importing the same
// file again skips what is already in.
import { useId, useState } from 'react';
import type { ImportUnitsReport } from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import { toCsv } from '@/utils/csv';
import { downloadFile } from '@/lib/download-file';
import { importRowErrorText } from '../lib/import-errors';

/** Largest file accepted: the server stops reading at 16 MiB. */
const MAX_BYTES = 16 * 1024 * 1024;

export function CsvImport({
  onImport,
}: {
  onImport(file: File, onProgress: (fraction: number) => void): Promise<ImportUnitsReport>;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportUnitsReport | null>(null);
  const busy = progress !== null && report === null && problem === null;

  async function start() {
    if (!file) return setProblem(i18n._('Choose a CSV file first'));
    if (file.size === 0) return setProblem(i18n._('The file is empty'));
    if (file.size > MAX_BYTES) return setProblem(i18n._('The file is larger than 16 MB'));
    setProblem(null);
    setReport(null);
    setProgress(0);
    try {
      const result = await onImport(file, setProgress);
      setProgress(1);
      setReport(result);
    } catch (err) {
      setProgress(null);
      setProblem((err as Error).message);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-medium text-slate-900">
        {i18n._('Import a CSV file')}
      </h3>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {i18n._(
          'One unit per line: serial, or serial,status (active, sold or recalled). Up to 100,000 lines. Serials already added are skipped, so the same file can be imported again.',
        )}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label htmlFor={`${id}-file`} className="sr-only">
          {i18n._('CSV file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-hint`}
          className="block w-full text-sm"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            setReport(null);
            setProgress(null);
          }}
        />
        <Button onClick={() => void start()} loading={busy} disabled={busy}>
          {i18n._('Import')}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {progress !== null && (
        <div>
          <div
            role="progressbar"
            aria-label={i18n._('Import progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 w-full overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {report ? i18n._('Done') : i18n._('{percent}% sent and imported', { percent: Math.round(progress * 100) })}
          </p>
        </div>
      )}
      {report && <ImportReport report={report} />}
    </section>
  );
}

export function ImportReport({ report }: { report: ImportUnitsReport }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" role="status">
      <p>
        {i18n._(
          '{inserted} added, {skipped} already there, {errors, plural, one {# with an error} other {# with errors}}.',
          {
            inserted: formatNumber(report.inserted),
            skipped: formatNumber(report.skipped),
            errors: report.errorCount,
          },
        )}
      </p>
      {!report.complete && (
        <p className="text-amber-800">{i18n._('Reading stopped early: see the last error for where.')}</p>
      )}
      {report.errors.length > 0 && (
        <>
          <div className="max-h-64 overflow-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{i18n._('Lines with errors')}</caption>
              <thead>
                <tr>
                  <th className="py-1 pr-3">{i18n._('Line')}</th>
                  <th className="py-1">{i18n._('Problem')}</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e) => (
                  <tr key={`${e.line}-${e.code}`} className="border-t border-slate-200">
                    <td className="py-1 pr-3 font-mono">{e.line}</td>
                    <td className="py-1">{importRowErrorText(e)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errorCount > report.errors.length && (
            <p>{i18n._('The first {shown} errors are listed.', { shown: report.errors.length })}</p>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              downloadFile(
                'import-errors.csv',
                toCsv(
                  ['line', 'problem'],
                  report.errors.map((e) => [e.line, importRowErrorText(e)]),
                ),
                'text/csv',
              )
            }
          >
            {i18n._('Download the error report')}
          </Button>
        </>
      )}
    </div>
  );
}
