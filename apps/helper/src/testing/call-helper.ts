/** Calls the running helper as the Rangsi page in a browser does: with the Rangsi origin, JSON bodies. */
export function helperClient(url: string, origin: string) {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}/${path}`, {
      method,
      headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
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
  waitFor: (fn: () => Promise<Record<string, any>>, o: { timeout: number; interval: number }) => Promise<any>,
  timeout = 20_000,
): Promise<Record<string, any>> {
  return waitFor(
    async () => {
      const res = await client.get(`${service}/download/check?examId=${examId}`);
      if (res.status !== 200 || res.body.data?.result === null) throw new Error(`still running: ${JSON.stringify(res.body)}`);
      return res.body.data as Record<string, any>;
    },
    { timeout, interval: 50 },
  );
}
