import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExportServerOptions {
  /** The zip the export download serves. */
  zip: string;
  /** The one token accepted; any other answers 401 as the server's token check does. */
  token: string;
  /** How many checks answer "preparing" before the export is ready; Infinity: it never is. */
  preparingChecks?: number;
  accessionNumber?: string | null;
}

/**
 * A stand-in for the Rangsi server's two export routes (GET /dicom/export/{id}/check and GET /dicom/export/{id},
 * ?profile=STD-GEN-CD&token=), answering as export.routes.ts does; it records what it was asked.
 */
export async function startExportServer(options: ExportServerOptions) {
  const asked: string[] = [];
  let checks = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.pathname);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('token') !== options.token) return json(401, { success: false, message: 'Unauthorized' });
    if (url.searchParams.get('profile') !== 'STD-GEN-CD') return json(400, { success: false, message: 'profile' });
    const m = url.pathname.match(/^\/dicom\/export\/([0-9a-f-]{36})(\/check)?$/);
    if (!m) return json(404, { success: false, message: 'Not found' });
    const size = fs.statSync(options.zip).size;
    if (m[2]) {
      checks += 1;
      if (checks <= (options.preparingChecks ?? 1))
        return json(200, { success: true, data: null, message: 'preparing', progress: { done: checks, total: 300 } });
      return json(200, {
        success: true,
        data: {
          examId: m[1],
          accessionNumber: options.accessionNumber === undefined ? 'ACC-TEST-1' : options.accessionNumber,
          profile: 'STD-GEN-CD',
          fileName: 'export.zip',
          sizeBytes: size,
          instanceCount: 3,
          leftOutCount: 0,
          preparedAt: new Date().toISOString(),
          expiresAt: new Date().toISOString(),
          url: `/dicom/export/${m[1]}`,
        },
      });
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(size) });
    fs.createReadStream(options.zip).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    asked,
    checks: () => checks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
