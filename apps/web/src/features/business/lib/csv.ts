// CSV files the business screens offer for download (error reports, analytics), built in the
// browser from data already on screen. Cells that a spreadsheet would run as a formula are
// prefixed with an apostrophe.
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows
    .map((row) =>
      row
        .map((cell) => {
          let text = cell == null ? '' : String(cell);
          if (/^[=+\-@]/.test(text)) text = `'${text}`;
          return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
        })
        .join(','),
    )
    .join('\r\n');
}

/** Offers text or bytes as a file download. */
export function downloadFile(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
