/**
 * A real Orthanc (Debian's `orthanc` and `orthanc-dicomweb`) beside Rangsi, for the interop tests (*.interop.test.ts):
 * fresh storage and index in a temp folder, a JSON configuration built from the options, its HTTP answering before the
 * promise resolves. Orthanc 1.10 binds every address whatever it is told, so it runs only inside a private network
 * namespace (the interop runner: `npm run test:interop`, or the interop step of `npm test`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ORTHANC_BIN = '/usr/sbin/Orthanc';
export const DICOMWEB_PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';

/** A DICOMweb server Orthanc's client may call: `[url]` (Orthanc's short form) or the long form with credentials. */
export type OrthancDicomWebServer =
  | [url: string]
  | { Url: string; Username?: string; Password?: string; HttpHeaders?: Record<string, string>; [k: string]: unknown };

/** A DICOM peer Orthanc may call: [AET, host, port]. */
export type OrthancModality = [aet: string, host: string, port: number];

export interface OrthancPeerOptions {
  aet?: string;
  dicomWebServers?: Record<string, OrthancDicomWebServer>;
  dicomModalities?: Record<string, OrthancModality>;
  /** Anything else for orthanc.json, merged last (tests that need one more setting). */
  extra?: Record<string, unknown>;
  startTimeoutMs?: number;
}

export interface OrthancResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = unknown>(): T;
  text(): string;
}

export interface OrthancPeer {
  httpUrl: string;
  dicomPort: number;
  aet: string;
  /** Orthanc's REST API; a plain object body goes as JSON, a Buffer as application/dicom. */
  rest(method: string, urlPath: string, body?: Buffer | string | object): Promise<OrthancResponse>;
  stop(): Promise<void>;
}

/** Throws, saying how to run the test, when this process can reach any network beyond loopback. */
export function requirePrivateNetwork(): void {
  const interfaces = fs
    .readFileSync('/proc/net/dev', 'utf8')
    .split('\n')
    .slice(2)
    .map((line) => line.split(':')[0]!.trim())
    .filter(Boolean);
  if (interfaces.length !== 1 || interfaces[0] !== 'lo') {
    throw new Error(
      `Orthanc binds every address, so the interop tests run only in a private network namespace (found interfaces: ${interfaces.join(', ')}): run them through the interop runner, \`npm run test:interop\` (unshare -n), not plain vitest`,
    );
  }
}

/** Throws, saying what to install, when Orthanc or its DICOMweb plugin is missing. */
export function requireOrthanc(): void {
  for (const [file, pkg] of [
    [ORTHANC_BIN, 'orthanc'],
    [DICOMWEB_PLUGIN, 'orthanc-dicomweb'],
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${file} is missing: install the Debian package ${pkg} (apt-get install ${pkg}), as .ci/run does`,
      );
    }
  }
}

/** A port free on loopback now (the namespace is private, so only this run's own processes compete for it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startOrthanc(opts: OrthancPeerOptions = {}): Promise<OrthancPeer> {
  requirePrivateNetwork();
  requireOrthanc();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-orthanc-'));
  const aet = opts.aet ?? 'ORTHANC';
  const [dicomPort, httpPort] = [await freePort(), await freePort()];
  const config = {
    Name: 'rangsi-interop',
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
    DicomAet: aet,
    DicomPort: dicomPort,
    HttpPort: httpPort,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    DicomCheckCalledAet: false,
    StorageCompression: false,
    Plugins: [DICOMWEB_PLUGIN],
    DicomWeb: { Enable: true, Root: '/dicom-web/', Servers: opts.dicomWebServers ?? {} },
    DicomModalities: opts.dicomModalities ?? {},
    ...opts.extra,
  };
  const configFile = path.join(dir, 'orthanc.json');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  const log = fs.openSync(path.join(dir, 'orthanc.log'), 'w');
  const child = spawn(ORTHANC_BIN, [configFile], { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const httpUrl = `http://127.0.0.1:${httpPort}`;

  const stop = async () => {
    await killAndWait(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(child, `${httpUrl}/system`, opts.startTimeoutMs ?? 30_000, path.join(dir, 'orthanc.log'));
  } catch (err) {
    await stop();
    throw err;
  }
  return { httpUrl, dicomPort, aet, rest: (method, urlPath, body) => rest(httpUrl, method, urlPath, body), stop };
}

async function rest(base: string, method: string, urlPath: string, body?: Buffer | string | object) {
  const headers: Record<string, string> = {};
  let payload: Buffer | string | undefined;
  if (Buffer.isBuffer(body)) {
    headers['content-type'] = 'application/dicom';
    payload = body;
  } else if (typeof body === 'string') {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: payload });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body: bytes,
    json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
    text: () => bytes.toString('utf8'),
  };
}

async function waitForHttp(child: ChildProcess, url: string, timeoutMs: number, logFile: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  const exit: { code: number | null } = { code: null };
  child.once('exit', (code) => (exit.code = code ?? -1));
  for (;;) {
    if (exit.code !== null) throw new Error(`Orthanc exited (${exit.code}) before answering: ${tail(logFile)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`Orthanc did not answer ${url} in ${timeoutMs} ms: ${tail(logFile)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function tail(file: string): string {
  return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
}

async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}
