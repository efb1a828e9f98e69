import { expect, type APIRequestContext } from '@playwright/test';
import { generateCt, uidFrom } from '../../apps/server/src/seed/images/index';
import { matchStudies, stow } from './viewer-setup';

export interface CtSeriesSpec {
  slices: number;
  size: number;
  coverageMm: number;
  localizer?: boolean;
  description?: string;
}

/**
 * A generated head CT (Shepp–Logan phantom) sent by STOW-RS and matched to the exam, as a modality and the staff's
 * "จับคู่" would. Answers the exam's series as the series page lists them.
 */
export async function sendCt(
  api: APIRequestContext,
  examId: string,
  spec: CtSeriesSpec,
): Promise<{ seriesId: string; frameNumber: number }[]> {
  const studyInstanceUid = uidFrom(`viewer-e2e-${examId}-${Date.now()}`);
  const slices = [
    ...generateCt({
      patient: { name: 'ทดสอบ^เทียบภาพ', id: 'VIEWER-CMP' },
      study: {
        studyInstanceUid,
        accessionNumber: `VC${Date.now() % 1e8}`,
        date: '20261125',
        time: '090000',
        description: spec.description ?? 'CT BRAIN',
      },
      slices: spec.slices,
      size: spec.size,
      coverageMm: spec.coverageMm,
      localizer: spec.localizer ?? false,
    }),
  ].map((i) => i.bytes);
  for (let i = 0; i < slices.length; i += 100) await stow(api, slices.slice(i, i + 100));
  await matchStudies(api, [studyInstanceUid], examId);
  const res = await api.get(`/api/exam/${examId}/series`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { seriesId: string; frameNumber: number }[] }).data;
}
