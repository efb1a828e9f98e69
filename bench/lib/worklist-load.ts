// The worklist bench's scenarios and the load it puts on POST /api/exam/search (autocannon, in this process).
import autocannon from 'autocannon';
import { postSearch } from './search-call';
import { formatMsOrDash, formatOptionalMs, median, percentile } from './stats';

export type BenchUser = 'staff' | 'admin' | 'doctor1';

export interface Scenario {
  id: string;
  title: string;
  user: BenchUser;
  body: Record<string, unknown>;
}

/** Bangkok calendar day (yyyy-MM-dd) `offset` days from `now`: the worklist's dates are Bangkok days. */
export function bangkokDay(now: Date, offset = 0): string {
  return new Date(now.getTime() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the worklist screen sends: the default window (From Date three days ago, To Date today), the 14 Days
 * button with part of a Thai name, an accession number typed on its own, and a doctor opening their list.
 */
export function scenarios(now: Date, accession: string, nameSubstring: string): Scenario[] {
  const today = bangkokDay(now);
  const window = (days: number) => ({ examFromDate: bangkokDay(now, -days), examToDate: today });
  return [
    { id: 'default-staff', title: 'default 3-day window (staff, one branch)', user: 'staff', body: window(3) },
    { id: 'default-admin', title: 'default 3-day window (admin, all branches)', user: 'admin', body: window(3) },
    {
      id: 'name-14d',
      title: `14 days + patient name "${nameSubstring}" (admin)`,
      user: 'admin',
      body: { ...window(14), patientName: nameSubstring },
    },
    {
      id: 'accession',
      title: 'exact accession, no dates (staff)',
      user: 'staff',
      body: { accessionNumber: accession },
    },
    {
      id: 'doctor',
      title: "doctor's assigned list, 3-day window with client tabs (doctor1)",
      user: 'doctor1',
      body: window(3),
    },
  ];
}

/** Logs in as the SPA does; returns the session cookie. */
export async function logIn(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/Member/LogOn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password }),
    redirect: 'manual',
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('rangsi_session='));
  if (res.status !== 200 || !cookie)
    throw new Error(`log-in as ${username} answered ${res.status}: ${text.slice(0, 300)}`);
  return cookie;
}

/** The demo seed's password for every user. */
const DEMO_PASSWORD = 'rangsi-demo';

/** Logs each of the demo's `users` in; answers their session cookies. */
export async function logInDemoUsers<U extends string>(baseUrl: string, users: readonly U[]): Promise<Map<U, string>> {
  const cookies = new Map<U, string>();
  for (const u of users) cookies.set(u, await logIn(baseUrl, u, DEMO_PASSWORD));
  return cookies;
}

export interface SearchCheck {
  total: number;
  rows: number;
  clients: number | undefined;
  bytes: number;
  ms: number;
}

/** One search, checked: 200, success, and a page of rows no longer than the total says. */
export async function searchOnce(baseUrl: string, cookie: string, body: unknown): Promise<SearchCheck> {
  const { status, text, ms, envelope } = await postSearch(baseUrl, '/api/exam/search?page=1', cookie, body);
  const data =
    envelope?.success === true
      ? (envelope.data as { total?: unknown; rows?: unknown[]; clients?: unknown[] } | undefined)
      : undefined;
  if (status !== 200 || !data || typeof data.total !== 'number' || !Array.isArray(data.rows)) {
    throw new Error(`search ${JSON.stringify(body)} answered ${status}: ${text.slice(0, 300)}`);
  }
  if (data.rows.length > Math.min(50, data.total))
    throw new Error(`search ${JSON.stringify(body)}: ${data.rows.length} rows for a total of ${data.total}`);
  return {
    total: data.total,
    rows: data.rows.length,
    clients: data.clients?.length,
    bytes: Buffer.byteLength(text),
    ms,
  };
}

export interface LoadResult {
  connections: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  /** Non-2xx answers, socket errors and time-outs: any of them makes the run invalid. */
  failures: number;
  /** CPU milliseconds the server and the database spent per request (when `cpu` was given). */
  cpuMsPerRequest: number | undefined;
}

/**
 * `connections` clients sending the search back to back for `seconds` (after a warm-up); every latency is kept.
 * `cpu` reads the CPU milliseconds used so far by the server and the database. `path` is the search posted to
 * (the worklist's by default; the patient bench posts to /api/patient/search).
 */
export async function load(
  baseUrl: string,
  cookie: string,
  body: unknown,
  connections: number,
  seconds: number,
  warmUpSeconds: number,
  cpu: () => number | undefined = () => undefined,
  path = '/api/exam/search?page=1',
): Promise<LoadResult> {
  const options = {
    url: `${baseUrl}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body: JSON.stringify(body),
    connections,
    timeout: 30,
  };
  if (warmUpSeconds > 0) await autocannon({ ...options, duration: warmUpSeconds });
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = cpu();
  const instance = autocannon({ ...options, duration: seconds });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode > 299) failures++;
  });
  const result = await instance;
  const cpuAfter = cpu();
  failures = Math.max(failures, result.non2xx) + result.errors + result.timeouts;
  return {
    connections,
    requests: latencies.length,
    p50: median(latencies),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.length > 0 ? Math.max(...latencies) : Number.NaN,
    rps: latencies.length / result.duration,
    failures,
    cpuMsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && latencies.length > 0
        ? (cpuAfter - cpuBefore) / latencies.length
        : undefined,
  };
}

/** One load run for the console: "p50 … p95 … p99 …  N req/s  CPU …/req  (N requests, F FAILED)". */
export function describeLoad(r: LoadResult): string {
  return (
    `p50 ${formatMsOrDash(r.p50)}  p95 ${formatMsOrDash(r.p95)}  p99 ${formatMsOrDash(r.p99)}  ` +
    `${r.rps.toFixed(0)} req/s  CPU ${formatOptionalMs(r.cpuMsPerRequest)}/req  (${r.requests} requests${r.failures ? `, ${r.failures} FAILED` : ''})`
  );
}

/** What makes a load run invalid, each line headed by `what`: failed requests, or no response within `seconds`. */
export function loadProblems(what: string, r: LoadResult, seconds: number): string[] {
  const out: string[] = [];
  if (r.failures > 0) out.push(`${what}: ${r.failures} failed requests`);
  if (r.requests === 0) out.push(`${what}: no response within ${seconds} s`);
  return out;
}
