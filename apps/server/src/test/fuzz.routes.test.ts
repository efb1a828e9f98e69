import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { createTestApp, type TestContext } from './test-app';

/**
 * Issue 23 item 12, the fuzz gate: every route of docs/openapi.json gets bad input (NUL, lone surrogates, impossible
 * dates, 2^70, oversize text, malformed JSON and multipart, traversal ids) as an admin and anonymously. Any 5xx, any
 * internal text in a refusal, or any value sent showing up in the log fails it. Bounded and deterministic: a fixed
 * set of cases per route (seeded), over 1,500 requests in about 10 s on PGlite, far under the 3-minute budget.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../docs/openapi.json'), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

// A marker in every text value sent, so a leak into the log is found whatever the field.
const MARK = 'ฟัซซ์ผู้ป่วย';
const HUGE = '1180591620717411303424';
/** The bad values, as JSON source (so lone surrogates and 2^70 reach the parser as a client would send them). */
const JSON_VALUES = [
  `"${MARK}\\u0000x"`,
  `"${MARK}\\ud800"`,
  '"2024-02-30"',
  '"0000-00-00"',
  HUGE,
  `-${HUGE}`,
  JSON.stringify(`${MARK}${'ก'.repeat(5000)}`),
  `"../../etc/passwd${MARK}"`,
  '{"$gt":""}',
  '[[[[[[[[]]]]]]]]',
];
/** The same classes as path segments and query values. */
const URL_VALUES = [
  `${encodeURIComponent(MARK)}%00`,
  '%ED%A0%80',
  '%ZZ',
  '2024-02-30',
  HUGE,
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent(`${MARK}${'ข'.repeat(3000)}`),
  '-1',
];
const RAW_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"a": ' },
  { type: 'application/json', body: '\u0000' },
  { type: 'multipart/form-data', body: 'xx' },
  {
    type: 'multipart/form-data; boundary=XX',
    body: `--XX\r\nContent-Disposition: form-data; name="file"; filename="${MARK}\u0000.pdf"\r\n\r\n%PDF`,
  },
  {
    type: 'multipart/related; type="application/dicom"; boundary=XX',
    body: '--XX\r\nContent-Type: application/dicom\r\n\r\nDICM',
  },
  {
    type: 'application/x-www-form-urlencoded',
    body: `username=${encodeURIComponent(MARK)}%00&password=%ED%A0%80&ReturnUrl=%2F${encodeURIComponent(MARK)}`,
  },
];
// Internal text a refusal must never carry: stack frames, error class names, SQL, source paths.
const INTERNAL =
  /\bat [\w.<>]+ \(|\w*Error: |\bselect\b[\s\S]{1,200}\bfrom\b|\binsert into\b|\bupdate \S+ set\b|node_modules|\/work\/|\/src\/|\.ts:\d+|ECONN|ERR_[A-Z_]+|drizzle|postgres|pglite/i;

/** A deterministic generator (mulberry32) so every run sends the same cases. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minimum?: number;
  minLength?: number;
}

function isText(s: JsonSchema): boolean {
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf)!.some(isText);
  return (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) && !s.enum;
}

/** A value the schema would likely accept, so one bad field is what the route meets. */
function plausible(s: JsonSchema, ids: Record<string, string>, depth = 0): unknown {
  if (depth > 4) return null;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf ?? s.oneOf) return plausible((s.anyOf ?? s.oneOf)![0]!, ids, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'string')
    return s.format === 'uuid'
      ? ids.id
      : s.format === 'date'
        ? '2024-02-29'
        : 'ทดสอบ'.padEnd(Math.max(1, s.minLength ?? 1), 'x');
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object' || s.properties) {
    return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties?.[k] ?? {}, ids, depth + 1)]));
  }
  return null;
}

interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function casesFor(
  route: string,
  method: string,
  op: (typeof spec.paths)[string][string],
  ids: Record<string, string>,
  next: () => number,
): Case[] {
  const params = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodyProps = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  // A real id where there is one, so body and query cases get past "not found" into the handler.
  const realPath = () => route.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? ids.id!);
  const out: Case[] = [];
  // Each path parameter bad in turn (others real).
  for (const p of params) {
    for (const v of [pick(URL_VALUES), pick(URL_VALUES)])
      out.push({ method, url: realPath().replace(ids[p] ?? ids.id!, v), headers: {} });
  }
  // Query parameters (declared ones, and `token`, which the access guard reads from the database).
  for (const v of [pick(URL_VALUES), pick(URL_VALUES)]) {
    const q = [...query, 'token'].map((n) => `${n}=${v}`).join('&');
    out.push({ method, url: `${realPath()}?${q}`, headers: {} });
  }
  if (method !== 'get' && method !== 'delete') {
    // Every text field of an otherwise plausible body set to each bad value, so the value gets past the schema's
    // other checks to wherever it is used; then every field bad at once.
    const schema = op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
    const made = schema ? plausible(schema, ids) : null;
    const base = (made && typeof made === 'object' && !Array.isArray(made) ? made : {}) as Record<string, unknown>;
    const textFields = bodyProps.filter((k) => isText(schema?.properties?.[k] ?? {}));
    for (const v of JSON_VALUES) {
      const fields = textFields.length ? textFields : ['name'];
      const rest = Object.entries(base)
        .filter(([k]) => !fields.includes(k))
        .map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(x)}`);
      out.push({
        method,
        url: realPath(),
        headers: { 'content-type': 'application/json' },
        payload: `{${[...rest, ...fields.map((k) => `${JSON.stringify(k)}:${v}`)].join(',')}}`,
      });
    }
    const props = bodyProps.length ? bodyProps : ['id', 'name'];
    const v = pick(JSON_VALUES);
    out.push({
      method,
      url: realPath(),
      headers: { 'content-type': 'application/json' },
      payload: `{${props.map((k) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
    });
    for (let i = 0; i < 2; i++) {
      const raw = pick(RAW_BODIES);
      out.push({ method, url: realPath(), headers: { 'content-type': raw.type }, payload: raw.body });
    }
  }
  return out;
}

describe('fuzz gate: bad input on every route', () => {
  let sut: TestContext;
  const log: string[] = [];
  let ids: Record<string, string>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        log.push(String(chunk));
        done();
      },
    });
    sut = await createTestApp({ loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, sink) });
    const one = async (q: ReturnType<typeof sql>): Promise<string> => {
      const r: { rows: { id: string }[] } = (await sut.database.db.execute(q)) as never;
      return r.rows[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    };
    const exam = await one(sql`select id::text as id from exams order by id limit 1`);
    ids = {
      id: exam,
      examId: exam,
      patientId: await one(sql`select id::text as id from patients order by id limit 1`),
      studyId: '00000000-0000-4000-8000-000000000001',
      linkId: 'abcdefghijklmnop',
      qrId: 'abcdefghijklmnop',
      kind: 'document',
      name: 'Report',
      reportName: 'ExamReport',
      study: '1.2.3',
      series: '1.2.3.4',
      sop: '1.2.3.4.5',
      frames: '1',
      tag: '7fe00010',
      seriesId: '1.2.3.4',
      documentId: '00000000-0000-4000-8000-000000000002',
      mediaId: '00000000-0000-4000-8000-000000000003',
      finishedReportId: '00000000-0000-4000-8000-000000000004',
      x: '1',
      pid: '1',
      ids: '00000000-0000-4000-8000-000000000005',
    };
  });
  afterAll(async () => {
    await sut.close();
  });

  it('no 5xx, no internal text, no sent value in the log', async () => {
    const next = rng(23);
    const admin = await sut.login('admin');
    const failures: string[] = [];
    let sent = 0;
    for (const [route, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const c of casesFor(route, method, op, ids, next)) {
          // Logging off as the admin would end the admin's session for the cases after it.
          const callers = route === '/Member/LogOff' ? [''] : [admin, ''];
          for (const cookie of callers) {
            const res = await sut.app.inject({
              method: c.method.toUpperCase() as 'GET',
              url: c.url,
              headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
              payload: c.payload,
            });
            sent++;
            const who = cookie ? 'admin' : 'anonymous';
            const text = /json|text|html/.test(String(res.headers['content-type'] ?? '')) ? res.body : '';
            if (res.statusCode >= 500)
              failures.push(
                `${res.statusCode} ${who} ${c.method} ${c.url.slice(0, 160)} ${c.payload?.slice(0, 80) ?? ''}`,
              );
            else if (res.statusCode >= 400 && INTERNAL.test(text))
              failures.push(`internal text ${who} ${c.method} ${c.url.slice(0, 160)}: ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
    // The admin's cases ran as the admin throughout (no case ended the session and turned them into 401s).
    expect((await sut.app.inject({ url: '/api/me', headers: { cookie: admin } })).statusCode).toBe(200);
    const leaked = log.filter((l) => l.includes(MARK) || l.includes(encodeURIComponent(MARK)));
    expect(leaked.map((l) => l.slice(0, 300))).toEqual([]);
  }, 170_000);
});
