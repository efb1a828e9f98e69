import { intField, oneOf, uuidField } from '../http/input';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import type { ScanJobs } from './scan-jobs';

/** The scanner station's calls under /scanner/ (protocol §"Scanner station"). */
export function scannerRoutes(router: Router, scans: ScanJobs): void {
  router
    .get('/scanner/status', async () => ok(await scans.status()))
    .post('/scanner/scan', async ({ body }) => {
      const request = {
        pages: oneOf(body.pages, 'pages', ['single', 'feeder'] as const, 'single'),
        resolution: intField(body.resolution, 'resolution', 75, 600, 200),
        mode: oneOf(body.mode, 'mode', ['Color', 'Gray', 'Lineart'] as const, 'Color'),
      };
      return ok(await scans.start(request), 202);
    })
    .get('/scanner/check', ({ query }) => ok(scans.view(uuidField(query.get('scanId'), 'scanId'))))
    .get('/scanner/file', ({ query }) => ({ status: 200, file: scans.file(uuidField(query.get('scanId'), 'scanId')) }));
}
