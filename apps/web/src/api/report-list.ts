import type { Report } from '@rangsi/contract';
import { apiRequest } from './api-client';

/**
 * GET /api/reports/reportlist?prefix=&examBranchId= (spec §7 Reports): the reports of a kind the user may run, for
 * the report screens (any prefix) and the radiology report's tabs (`pacs`).
 */
export function getReportList(prefix: string, examBranchId: string | null, signal?: AbortSignal): Promise<Report[]> {
  const query = new URLSearchParams({ prefix });
  if (examBranchId) query.set('examBranchId', examBranchId);
  return apiRequest<Report[]>(`/api/reports/reportlist?${query.toString()}`, { signal });
}
