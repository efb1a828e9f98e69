import { textField, uuidField } from '../http/input';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import type { ExamJobs } from './exam-jobs';

/** Helper name and version the `check` calls answer (protocol). */
export const HELPER = { name: 'Rangsi Helper', version: '1.0.0' } as const;

/**
 * The set the CD helper and the RadiAnt helper both expose (spec §7): check, download, download/check, clear, under
 * `/<service>/`. `readiness` says whether the service can do its last step (an ISO tool, a viewer command).
 */
export function examJobRoutes(
  router: Router,
  service: 'cd' | 'radiant',
  jobs: ExamJobs,
  readiness: () => { ready: boolean; detail: string },
): void {
  router
    .get(`/${service}/check`, () => ok({ ...HELPER, service, ...readiness() }))
    .post(`/${service}/download`, ({ body }) => {
      const examId = uuidField(body.examId, 'examId');
      const token = textField(body.token, 'token', 4096);
      // The label is only a hint, reduced later; printable text (Thai included), no control characters.
      const label = body.label === undefined ? undefined : textField(body.label, 'label', 64, /^[^\p{Cc}]+$/u);
      return ok(jobs.start(examId, token, label), 202);
    })
    .get(`/${service}/download/check`, ({ query }) => ok(jobs.view(uuidField(query.get('examId'), 'examId'))))
    .post(`/${service}/clear`, async ({ body }) => {
      await jobs.clear(uuidField(body.examId, 'examId'));
      return ok({});
    });
}
