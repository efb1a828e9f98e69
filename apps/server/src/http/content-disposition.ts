/**
 * RFC 6266 Content-Disposition with a UTF-8 (Thai) file name and a plain ASCII fallback for old clients: the fallback
 * given (an English name reads better than underscores), else the name with every non-ASCII character replaced.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string, asciiFallback?: string): string {
  const ascii = (asciiFallback ?? fileName).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The Content-Type of an XLSX workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
