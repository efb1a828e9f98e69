import type { ExamJobView } from '../exam-jobs/exam-job';

/** What the helper answered: the envelope, `data` left open for the test to check. */
export interface Answer {
  status: number;
  headers: Headers;
  body: { success?: boolean; message?: string; data: Record<string, unknown> };
}

/** Calls the running helper as the Rangsi page in a browser does: with the Rangsi origin, JSON bodies. */
export function helperClient(url: string, origin: string) {
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`${url}/${path}`, {
      method,
      headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
  };
}

/** Asks download/check every 50 ms (the browser asks every second) until the job has its result; returns it. */
export async function jobResult(
  client: ReturnType<typeof helperClient>,
  service: 'cd' | 'radiant',
  examId: string,
  waitFor: <T>(fn: () => Promise<T>, o: { timeout: number; interval: number }) => Promise<T>,
  timeout = 20_000,
): Promise<ExamJobView> {
  return waitFor(
    async () => {
      const res = await client.get(`${service}/download/check?examId=${examId}`);
      const job = res.body.data as unknown as ExamJobView | undefined;
      if (res.status !== 200 || !job || job.result === null)
        throw new Error(`still running: ${JSON.stringify(res.body)}`);
      return job;
    },
    { timeout, interval: 50 },
  );
}
