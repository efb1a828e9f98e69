import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/**
 * POST /api/exam/{examId}/report/{id}/ping-gateway (spec §7 Reports): sends a finished version to the hospital gateway.
 * A failed delivery answers success false; the client turns that into an error whose message the alert shows (§8),
 * while the server keeps retrying from a job.
 */
export function pingGateway(examId: string, finishedReportId: string): Promise<unknown> {
  return apiRequest(
    `/api/exam/${encodeURIComponent(examId)}/report/${encodeURIComponent(finishedReportId)}/ping-gateway`,
    { method: 'POST' },
  );
}

export function usePingGateway(examId: string, finishedReportId: string) {
  return useMutation({ mutationFn: () => pingGateway(examId, finishedReportId) });
}
