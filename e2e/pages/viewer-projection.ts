import { expect, type APIRequestContext } from '@playwright/test';
import { generateChestRadiograph, generateMg, uidFrom, type MgOptions } from '../../apps/server/src/seed/images/index';
import { matchStudies, stow } from './viewer-setup';

const patient = { name: 'ทดสอบ^ฉายภาพ', id: 'VIEWER-PRJ' };

function study(examId: string, description: string, date: string) {
  return {
    studyInstanceUid: uidFrom(`viewer-e2e-${description}-${examId}-${Date.now()}`),
    accessionNumber: `VP${Date.now() % 1e8}`,
    date,
    time: '090000',
    description,
  };
}

async function send(api: APIRequestContext, examId: string, studyUid: string, bytes: Buffer[]) {
  await stow(api, bytes);
  await matchStudies(api, [studyUid], examId);
  const res = await api.get(`/api/exam/${examId}/series`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { seriesId: string; frameNumber: number }[] }).data;
}

/** A generated DX chest PA (ImagerPixelSpacing only, PatientOrientation L\F), matched to the exam. */
export async function sendChest(api: APIRequestContext, examId: string) {
  const s = study(examId, 'CHEST PA', '20261125');
  const bytes = [...generateChestRadiograph({ patient, study: s, modality: 'DX', size: 512 })].map((i) => i.bytes);
  return send(api, examId, s.studyInstanceUid, bytes);
}

/** A generated screening mammogram (RCC, LCC, RMLO, LMLO in one series), matched to the exam. */
export async function sendMammogram(
  api: APIRequestContext,
  examId: string,
  opts: Pick<MgOptions, 'chestWall'> & { date: string },
) {
  const s = study(examId, 'MAMMOGRAM', opts.date);
  const bytes = [...generateMg({ patient, study: s, columns: 240, chestWall: opts.chestWall })].map((i) => i.bytes);
  return send(api, examId, s.studyInstanceUid, bytes);
}
