/**
 * Hospital HIS gateway simulator (spec §7 Local helper services → Gateway; spec §7 Reports → ping-gateway), for
 * development, API tests and e2e:
 *   GET  /features              → text naming what the gateway offers (PATIENT_HN_IMPORT; state `features`)
 *   GET  /api/patient/hn/{hn}   → { success, data, message }: the hospital's patient record for an HN
 *   POST /hl7/oru               → receives a finished report as HL7 v2 ORU^R01 (Content-Type x-application/hl7-v2+er7
 *                                 or text/plain, UTF-8) and answers an HL7 ACK: MSA AA, or AE when the state says so,
 *                                 AR when the message is not an ORU^R01 with MSH, PID, OBR and OBX (docs/decisions/g2-hl7-over-http-one-post.md)
 * Data: a JSON file (GATEWAY_SIM_DATA, default data/gateway-patients.json) of
 *   { delayMs, down, patients: { [hn]: patient-like fields } }.
 * Port and host: GATEWAY_SIM_PORT (default 18181), GATEWAY_SIM_HOST (default 127.0.0.1).
 * Tests change the answers at run time with POST /__sim/state { delayMs?, down?, patients?, oruAck?, oruAckText?,
 * received?, features?, reset? } and read the reports received with GET /__sim/state (`received`). Tests in the same process can
 * call startGatewaySimulator() instead.
 *
 *   npx tsx apps/simulators/src/gateway-simulator.ts
 */
import type { IncomingMessage, Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  delay,
  loadJsonConfig,
  portFromEnv,
  sendJson,
  sendText,
  startSimServer,
  stopOnSignals,
} from './lib/sim-server';

/** One ORU^R01 the gateway received (the message itself and what a test wants to check without parsing it). */
export interface ReceivedOru {
  receivedAt: string;
  contentType: string;
  /** The ACK code answered. */
  ack: 'AA' | 'AE' | 'AR';
  /** MSH-10. */
  controlId: string;
  /** MSH-3, MSH-4, MSH-6, MSH-18. */
  sendingApplication: string;
  sendingFacility: string;
  receivingFacility: string;
  characterSet: string;
  /** PID-3.1 and OBR-3 (filler order number: the accession number), OBR-25, all unescaped. */
  hn: string;
  accessionNumber: string;
  resultStatus: string;
  /** OBX-5 of every OBX, unescaped, one line each. */
  lines: string[];
  message: string;
}

export interface GatewayState {
  /** Answer this much later (tests of the browser's and the server's time-outs). */
  delayMs: number;
  /** Refuse every call as if the HIS were down (503). */
  down: boolean;
  patients: Record<string, Record<string, unknown>>;
  /** What a well-formed ORU^R01 is answered: AA accepted, AE application error, AR rejected. */
  oruAck: 'AA' | 'AE' | 'AR';
  /** MSA-3 with AE or AR. */
  oruAckText: string;
  /** Reports received, oldest first (the last 100). */
  received: ReceivedOru[];
  /** What GET /features answers: the gateway's capabilities (an HIS without HN import answers without PATIENT_HN_IMPORT). */
  features: string;
}

export interface GatewaySimulatorOptions {
  port: number;
  host: string;
  initialState?: Partial<GatewayState>;
}

export interface GatewaySimulator {
  server: Server;
  /** http://host:port (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

const HL7_CONTENT_TYPES = ['x-application/hl7-v2+er7', 'text/plain'];
const MAX_BODY = 5 * 1024 * 1024;
const MAX_RECEIVED = 100;

/** Starts the simulator; resolves once it listens (port 0: a free port, read it from `url`). */
export async function startGatewaySimulator(options: GatewaySimulatorOptions): Promise<GatewaySimulator> {
  let ackCounter = 0;
  const server = await startSimServer<GatewayState>({
    name: 'gateway-simulator',
    port: options.port,
    host: options.host,
    initialState: {
      delayMs: 0,
      down: false,
      patients: {},
      oruAck: 'AA',
      oruAckText: '',
      received: [],
      features: 'PATIENT_HN_IMPORT',
      ...options.initialState,
    },
    route: async ({ req, res, url, state }) => {
      if (req.method === 'POST' && /^\/hl7\/oru\/?$/.test(url.pathname)) {
        const body = await readBody(req);
        if (state.delayMs > 0) await delay(state.delayMs);
        if (state.down) {
          sendText(res, 503, 'HIS unavailable');
          return true;
        }
        const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!HL7_CONTENT_TYPES.includes(contentType)) {
          sendText(res, 415, `Content-Type must be one of ${HL7_CONTENT_TYPES.join(', ')}`);
          return true;
        }
        const parsed = parseMessage(body);
        if (!parsed) {
          sendText(res, 400, 'not an HL7 v2 message (no MSH segment)');
          return true;
        }
        const problem = oruProblem(parsed);
        const ack = problem ? 'AR' : state.oruAck;
        const text = problem ?? (ack === 'AA' ? '' : state.oruAckText || 'Application error');
        ackCounter += 1;
        if (!problem)
          state.received = [...state.received, summarize(parsed, body, contentType, ack)].slice(-MAX_RECEIVED);
        res.writeHead(200, { 'content-type': 'x-application/hl7-v2+er7; charset=utf-8' });
        res.end(ackMessage(parsed, ack, text, `SIMACK${ackCounter}`));
        return true;
      }
      if (req.method !== 'GET') return false;
      if (url.pathname === '/features') {
        sendText(res, 200, state.features);
        return true;
      }
      const match = /^\/api\/patient\/hn\/([^/]+)\/?$/.exec(url.pathname);
      if (!match) return false;
      if (state.delayMs > 0) await delay(state.delayMs);
      if (state.down) {
        sendJson(res, 503, { success: false, message: 'ระบบ HIS ไม่พร้อมให้บริการ' });
        return true;
      }
      const hn = decodeURIComponent(match[1] ?? '').trim();
      const patient =
        state.patients[hn] ??
        Object.values(state.patients).find((p) => typeof p.hn === 'string' && p.hn.toLowerCase() === hn.toLowerCase());
      if (!patient) {
        sendJson(res, 200, { success: false, data: null, message: `ไม่พบ HN ${hn} ในระบบโรงพยาบาล` });
        return true;
      }
      sendJson(res, 200, { success: true, data: patient, message: null });
      return true;
    },
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---- HL7 v2, read independently of the server's writer (a shared parser would hide a shared mistake) -------------

interface ParsedMessage {
  segments: string[][];
  separator: string;
  encoding: string;
}

function parseMessage(body: string): ParsedMessage | null {
  const text = body.replace(/^[\uFEFF\x0b\s]+/, '').replace(/[\x1c\s]+$/, '');
  if (!/^MSH.{5}/s.test(text)) return null;
  const separator = text[3]!;
  const encoding = text.slice(4, text.indexOf(separator, 4));
  if (encoding.length < 4) return null;
  const segments = text
    .split(/\r\n|\r|\n/)
    .filter(Boolean)
    .map((line) => {
      const fields = line.split(separator);
      // HL7 numbers MSH's fields from the separator itself: MSH-1 is the separator, MSH-2 the encoding characters.
      return fields[0] === 'MSH' ? ['MSH', separator, ...fields.slice(1)] : fields;
    });
  return { segments, separator, encoding };
}

function seg(m: ParsedMessage, name: string): string[] | undefined {
  return m.segments.find((s) => s[0] === name);
}

/** Component `c` (1-based) of a field, unescaped. */
function value(m: ParsedMessage, field: string | undefined, c = 1): string {
  const raw = (field ?? '').split(m.encoding[0]!)[c - 1] ?? '';
  const esc = m.encoding[2]!;
  const names: Record<string, string> = {
    F: m.separator,
    S: m.encoding[0]!,
    R: m.encoding[1]!,
    E: esc,
    T: m.encoding[3]!,
    '.br': '\n',
  };
  return raw.replace(
    new RegExp(`${escapeRegExp(esc)}([^${escapeRegExp(esc)}]*)${escapeRegExp(esc)}`, 'g'),
    (all, seq: string) => {
      if (seq in names) return names[seq]!;
      const hex = /^X((?:[0-9A-Fa-f]{2})+)$/.exec(seq);
      return hex ? Buffer.from(hex[1]!, 'hex').toString('utf8') : all;
    },
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** Why this is not an ORU^R01 the HIS could file, or null. */
function oruProblem(m: ParsedMessage): string | null {
  const msh = seg(m, 'MSH')!;
  const type = (msh[9] ?? '').split(m.encoding[0]!);
  if (type[0] !== 'ORU' || type[1] !== 'R01') return `MSH-9 is ${msh[9] ?? ''}, expected ORU^R01`;
  if (!msh[10]) return 'MSH-10 (message control id) is empty';
  for (const name of ['PID', 'OBR', 'OBX']) if (!seg(m, name)) return `${name} segment missing`;
  if (!value(m, seg(m, 'PID')![3])) return 'PID-3 (HN) is empty';
  if (!value(m, seg(m, 'OBR')![3]) && !value(m, seg(m, 'OBR')![2])) return 'OBR-2/OBR-3 (accession number) is empty';
  return null;
}

function summarize(m: ParsedMessage, message: string, contentType: string, ack: ReceivedOru['ack']): ReceivedOru {
  const msh = seg(m, 'MSH')!;
  const obr = seg(m, 'OBR')!;
  return {
    receivedAt: new Date().toISOString(),
    contentType,
    ack,
    controlId: value(m, msh[10]),
    sendingApplication: value(m, msh[3]),
    sendingFacility: value(m, msh[4]),
    receivingFacility: value(m, msh[6]),
    characterSet: value(m, msh[18]),
    hn: value(m, seg(m, 'PID')![3]),
    accessionNumber: value(m, obr[3]) || value(m, obr[2]),
    resultStatus: value(m, obr[25]),
    lines: m.segments.filter((s) => s[0] === 'OBX').map((s) => value(m, s[5])),
    message,
  };
}

function esc(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/\r/g, '\\X0D\\')
    .replace(/\n/g, '\\X0A\\');
}

function ackMessage(m: ParsedMessage, ack: ReceivedOru['ack'], text: string, controlId: string): string {
  const msh = seg(m, 'MSH')!;
  const now = new Date(Date.now() + 7 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const lines = [
    `MSH|^~\\&|HIS|${esc(value(m, msh[6]))}|${esc(value(m, msh[3]))}|${esc(value(m, msh[4]))}|${now}+0700||ACK^R01^ACK|${controlId}|P|2.5||||||UNICODE UTF-8`,
    `MSA|${ack}|${esc(value(m, msh[10]))}${text ? `|${esc(text)}` : ''}`,
  ];
  if (ack !== 'AA') lines.push(`ERR||||E||||${esc(text)}`);
  return `${lines.join('\r')}\r`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// ---- command line ------------------------------------------------------------------------------------------------

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const initialState = loadJsonConfig<Partial<GatewayState>>(
    'GATEWAY_SIM_DATA',
    new URL('../data/gateway-patients.json', import.meta.url),
  );
  const sim = await startGatewaySimulator({
    port: portFromEnv('GATEWAY_SIM_PORT', 18181),
    host: process.env.GATEWAY_SIM_HOST || '127.0.0.1',
    initialState,
  });
  stopOnSignals(sim.server);
}
