/** Hands the browser a file to save (an export), under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A cell that a spreadsheet would read as a formula is written as text (OWASP's CSV injection advice, as csv-stringify does). */
const cell = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as CSV (RFC 4180, CRLF between lines), for a table the page already holds. */
export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
