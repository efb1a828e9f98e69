import type { APIRequestContext } from '@playwright/test';

/** API helpers of the request specs: a seeded patient, the catalogue, and requests made through the real API. */

export interface Catalogue {
  hospitalId: number;
  privilegeId: number;
  products: { productId: number; name: string; productGroup: string; modalityCode: string }[];
}

/** A seeded patient of the user's scope: the patient of the oldest seeded request the user can see. */
export async function seededPatient(api: APIRequestContext): Promise<{ patientId: string; hn: string }> {
  const answer = await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } });
  if (!answer.ok()) throw new Error(`request search failed: ${answer.status()}`);
  const rows = ((await answer.json()) as { data: { rows: { hn: string; patientInfo: { patientId: string } }[] } }).data
    .rows;
  const last = rows.at(-1);
  if (!last) throw new Error('no seeded request in scope');
  return { patientId: last.patientInfo.patientId, hn: last.hn };
}

/**
 * A seeded patient of the user's scope whose sex is known and whose age passes `fits`, for rules that depend on them
 * (eGFR). Which request is oldest changes as other specs add requests, so the age must be chosen, not assumed.
 */
export async function seededPatientAged(api: APIRequestContext, fits: (age: number) => boolean): Promise<string> {
  const answer = await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } });
  if (!answer.ok()) throw new Error(`request search failed: ${answer.status()}`);
  const rows = (
    (await answer.json()) as {
      data: { rows: { patientInfo: { patientId: string; gender: string; age: number | null } }[] };
    }
  ).data.rows;
  const found = rows.find(
    ({ patientInfo: p }) => (p.gender === 'Male' || p.gender === 'Female') && p.age !== null && fits(p.age),
  );
  if (!found) throw new Error('no seeded patient of that age in scope');
  return found.patientInfo.patientId;
}

export async function seededPatientId(api: APIRequestContext): Promise<string> {
  return (await seededPatient(api)).patientId;
}

export async function catalogue(api: APIRequestContext): Promise<Catalogue> {
  const answer = await api.get('/api/uidata/requestCondition');
  const data = (
    (await answer.json()) as {
      data: {
        hospitalPrivilages: { id: number; children: { id: number }[] }[];
        modalityProducts: {
          modalityCode: string;
          products: { productId: number; name: string; productGroup: string }[];
        }[];
      };
    }
  ).data;
  const hospital = data.hospitalPrivilages[0]!;
  return {
    hospitalId: hospital.id,
    privilegeId: hospital.children[0]!.id,
    products: data.modalityProducts.flatMap((m) => m.products.map((p) => ({ ...p, modalityCode: m.modalityCode }))),
  };
}

/** POST /api/request/exam; returns the request id and its accession numbers. */
export async function createRequest(
  api: APIRequestContext,
  body: Record<string, unknown>,
): Promise<{ requestId: string; accessions: string[]; status: string }> {
  const answer = await api.post('/api/request/exam', { data: body });
  if (!answer.ok()) throw new Error(`create request failed: ${answer.status()} ${await answer.text()}`);
  const data = (
    (await answer.json()) as { data: { requestId: string; status: string; exams: { accessionNumber: string }[] } }
  ).data;
  return { requestId: data.requestId, accessions: data.exams.map((e) => e.accessionNumber), status: data.status };
}

/** A one-exam US request for the oldest seeded patient in the user's scope, made through the real API. */
export async function createUsRequest(
  api: APIRequestContext,
  body: Record<string, unknown> = {},
): Promise<{ requestId: string; accessions: string[]; status: string }> {
  const cat = await catalogue(api);
  const us = cat.products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;
  return createRequest(api, {
    patientId: await seededPatientId(api),
    hospitalId: cat.hospitalId,
    privilageId: cat.privilegeId,
    modalities: { US: [us.productId] },
    ...body,
  });
}
