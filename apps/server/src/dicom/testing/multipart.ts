/** multipart/related bodies for DICOMweb tests: a STOW-RS request, and the parts of a WADO-RS answer. */

/** A multipart/related body of application/dicom parts. */
export function stowBody(files: Buffer[], boundary = 'test-boundary-1234'): { payload: Buffer; contentType: string } {
  const parts = files.map((f) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`), f, Buffer.from('\r\n')]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/related; type="application/dicom"; boundary=${boundary}`,
  };
}

/** The bodies of a multipart/related answer. */
export function multipartParts(raw: Buffer, contentType: string): { headers: string; body: Buffer }[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const out: { headers: string; body: Buffer }[] = [];
  let pos = raw.indexOf(delimiter);
  while (pos >= 0) {
    const start = pos + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const headerEnd = raw.indexOf('\r\n\r\n', start);
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    out.push({ headers: raw.subarray(start + 2, headerEnd).toString(), body: raw.subarray(headerEnd + 4, next) });
    pos = next + 2;
  }
  return out;
}
