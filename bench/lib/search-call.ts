// One search as the SPA sends it (a JSON POST with the session cookie), timed, with its answer's envelope parsed:
// what each bench's first, checked call of a scenario starts from.

/** The answer of one timed search call. */
export interface SearchCall {
  status: number;
  /** The body as sent, for its size and for error messages. */
  text: string;
  ms: number;
  /** The parsed `{ success, data }` envelope; undefined when the body is not JSON. */
  envelope: { success?: boolean; data?: unknown } | undefined;
}

/** POSTs `body` as JSON to `${baseUrl}${path}` with `cookie`, timing the call until the whole answer is read. */
export async function postSearch(baseUrl: string, path: string, cookie: string, body: unknown): Promise<SearchCall> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let envelope: SearchCall['envelope'];
  try {
    envelope = (JSON.parse(text) as SearchCall['envelope']) ?? undefined;
  } catch {
    // the caller reports a body that is not JSON
  }
  return { status: res.status, text, ms, envelope };
}
