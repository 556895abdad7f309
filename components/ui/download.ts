/**
 * One CSV cell: RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a
 * formula. A number stays a number (a negative one too): the guard is for text only.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The byte-order mark that tells a spreadsheet (Excel above all) the file is UTF-8; without it
 * accents and non-Latin names open garbled.
 */
export const UTF8_BOM = '\uFEFF';

/** Saves a CSV table as a UTF-8 file that spreadsheets open with every character intact. */
export function downloadCsv(name: string, csv: string): void {
  downloadFile(name, 'text/csv;charset=utf-8', `${UTF8_BOM}${csv}`);
}

/** Saves text as a file through the browser's download, like a link the user clicked. */
export function downloadFile(name: string, type: string, content: string | Blob): void {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
