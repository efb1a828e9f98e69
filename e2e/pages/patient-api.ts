import { request, type APIRequestContext } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { withCheckDigit } from '../../packages/domain/src/index';
import { DEMO_PASSWORD } from '../support/demo-users';

/** API helpers of the patient specs: their own session, patients made through the real API, test data. */

export async function patientApiAs(baseURL: string, username = 'staff'): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/Member/LogOn', { data: { username, password: DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`API log-on as ${username} failed: ${answer.status()}`);
  return api;
}

/** A valid national ID (13 digits, check digit) nobody else is likely to have. */
export function randomNationalId(): string {
  let twelve = '1';
  for (let i = 0; i < 11; i++) twelve += String(Math.floor(Math.random() * 10));
  return withCheckDigit(twelve);
}

const THAI_LETTERS = 'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ';

/** A Thai word no seeded patient has, for name searches that must find exactly one row. */
export function uniqueThaiWord(length = 6): string {
  let word = '';
  for (let i = 0; i < length; i++) word += THAI_LETTERS[Math.floor(Math.random() * THAI_LETTERS.length)];
  return word;
}

export function uniqueHn(): string {
  return `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
}

export interface CreatedPatient {
  patientId: string;
  hn: string;
  nationalNumber: string;
  first: string;
  last: string;
}

/** POST /api/patient as a new patient; returns what the specs look for. */
export async function createPatient(
  api: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<CreatedPatient> {
  const first = uniqueThaiWord();
  const last = uniqueThaiWord();
  const body = {
    patientId: 'new',
    hn: uniqueHn(),
    nationalNumber: randomNationalId(),
    phoneNumber: '0812345678',
    nameTH: { prefix: 'นาย', first, last },
    nameEN: { prefix: 'Mr.', first: 'Test', last: 'Patient' },
    gender: 'Male',
    birthDate: '1980-05-17',
    ...overrides,
  };
  const answer = await api.post('/api/patient', { data: body });
  if (!answer.ok()) throw new Error(`create patient failed: ${answer.status()} ${await answer.text()}`);
  const { data } = (await answer.json()) as { data: { patientId: string } };
  return {
    patientId: data.patientId,
    hn: body.hn,
    nationalNumber: body.nationalNumber,
    first: (body.nameTH as { first: string }).first,
    last: (body.nameTH as { last: string }).last,
  };
}

/** The fields of GET /api/patient/{id} and the search rows the specs read. */
export interface PatientAnswer {
  patientId: string;
  hn: string;
  name: string;
  gender: string;
  age: number | null;
  phoneNumber: string | null;
  nationalNumber: string | null;
  examCount: number;
  hasImage?: boolean;
  currentAddress?: Record<string, string | null> | null;
  currentAndRecordAddressIsSame?: boolean;
}

export async function getPatient(api: APIRequestContext, patientId: string): Promise<PatientAnswer> {
  const answer = await api.get(`/api/patient/${patientId}`);
  if (!answer.ok()) throw new Error(`get patient failed: ${answer.status()}`);
  return ((await answer.json()) as { data: PatientAnswer }).data;
}

export async function searchPatientsApi(
  api: APIRequestContext,
  search: Record<string, string>,
): Promise<PatientAnswer[]> {
  const answer = await api.post('/api/patient/search', { data: search });
  if (!answer.ok()) throw new Error(`search failed: ${answer.status()}`);
  return ((await answer.json()) as { data: PatientAnswer[] }).data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small RGB PNG made here (a photo stand-in the server can decode): a blue square with a lighter disc. */
export function samplePng(size = 96): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2.4) ** 2 < (size / 4) ** 2;
      row.set(inside ? [220, 232, 242] : [29, 95, 143], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
