import type { ServerResponse } from 'node:http';

/** An S3 error answer: status, code, message and the extra elements S3 puts in its XML. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const XML_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

export function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

export function xmlEscape(s: string): string {
  return s.replace(
    /[<>&'"\r]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;', '\r': '&#13;' })[c]!,
  );
}

/** S3's `<Error>` document, the extra elements of the error included. */
export function errorXml(e: S3Error, resource: string, requestId: string): string {
  const extra = Object.entries(e.extra)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
}
