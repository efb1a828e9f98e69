/**
 * Health-coverage (NHSO) helper simulator (spec §7 Local helper services → Health-coverage service), for development
 * and e2e:
 *   GET  /nhso-service/latest-authen-code/{pid} → { claimCode, claimDateTime } of the person's latest authentication,
 *        plus the entitlement the dialog shows (spec §3 Health-coverage entitlement: image, fname, lname, age,
 *        mainInscl, subInscl, hospMain { hname, hcode }, claimTypes [{ claimType, claimTypeName }], correlationId);
 *        404 { message } for a pid it does not know.
 *   POST /nhso-service/confirm-save { pid, claimType, mobile, correlationId, hn, hcode } → { claimCode }, a new code
 *        "PP" + 10 digits; 400 when the claim type is not one offered or the correlation id is not the one issued.
 * Port and host: NHSO_SIM_PORT (default 18183), NHSO_SIM_HOST (default 127.0.0.1). Any 13-digit pid is known unless
 * listed in state.unknownPids; tests change that with POST /__sim/state.
 *
 *   npx tsx apps/simulators/src/nhso-simulator.ts
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { portFromEnv, sendJson, startSimServer, stopOnSignals } from './lib/sim-server';

export interface NhsoState {
  unknownPids: string[];
  /** Confirmations made, newest last (tests read them through GET /__sim/state). */
  confirmed: { pid: string; claimType: string; hn: string; hcode: string; claimCode: string }[];
}

const CLAIM_TYPES = [
  { claimType: 'PG0060001', claimTypeName: 'เข้ารับบริการรักษาทั่วไป (OPD/ IPD/ PP)' },
  { claimType: 'PG0110001', claimTypeName: 'Self Isolation' },
  { claimType: 'PG0120001', claimTypeName: 'UCEP PLUS (ผู้ป่วยกลุ่มอาการสีเหลืองและสีแดง)' },
  { claimType: 'PG0130001', claimTypeName: 'บริการฟอกเลือดด้วยเครื่องไตเทียม (HD)' },
];
const issued = new Map<string, string>();

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

const claimCode = () => `PP${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

const server = await startSimServer<NhsoState>({
  name: 'nhso-simulator',
  port: portFromEnv('NHSO_SIM_PORT', 18183),
  host: process.env.NHSO_SIM_HOST || '127.0.0.1',
  initialState: { unknownPids: [], confirmed: [] },
  route: async ({ req, res, url, state }) => {
    const latest = /^\/nhso-service\/latest-authen-code\/(\d{13})\/?$/.exec(url.pathname);
    if (req.method === 'GET' && latest) {
      const pid = latest[1]!;
      if (state.unknownPids.includes(pid)) {
        sendJson(res, 404, { message: 'ไม่พบข้อมูลสิทธิการรักษาของเลขประจำตัวนี้' });
        return true;
      }
      const correlationId = randomUUID();
      issued.set(pid, correlationId);
      const last = [...state.confirmed].reverse().find((c) => c.pid === pid);
      sendJson(res, 200, {
        claimCode: last?.claimCode ?? null,
        claimDateTime: last ? new Date().toISOString() : null,
        image: null,
        fname: 'ผู้ป่วย',
        lname: 'สิทธิบัตรทอง',
        age: null,
        mainInscl: 'UCS สิทธิหลักประกันสุขภาพแห่งชาติ',
        subInscl: '89 ช่วงอายุ 12-59 ปี',
        hospMain: { hname: 'โรงพยาบาลรวมแพทย์สยาม', hcode: '10999' },
        claimTypes: CLAIM_TYPES,
        correlationId,
      });
      return true;
    }
    if (req.method === 'POST' && /^\/nhso-service\/confirm-save\/?$/.test(url.pathname)) {
      const b = await body(req);
      const pid = typeof b.pid === 'string' ? b.pid : '';
      const claimType = typeof b.claimType === 'string' ? b.claimType : '';
      if (!CLAIM_TYPES.some((c) => c.claimType === claimType)) {
        sendJson(res, 400, { message: 'ประเภทการเข้ารับบริการไม่ถูกต้อง' });
        return true;
      }
      if (!pid || issued.get(pid) !== b.correlationId) {
        sendJson(res, 400, { message: 'correlationId ไม่ตรงกับการตรวจสอบสิทธิล่าสุด' });
        return true;
      }
      const code = claimCode();
      state.confirmed.push({
        pid,
        claimType,
        hn: typeof b.hn === 'string' ? b.hn : '',
        hcode: typeof b.hcode === 'string' ? b.hcode : '',
        claimCode: code,
      });
      sendJson(res, 200, { claimCode: code });
      return true;
    }
    return false;
  },
});
stopOnSignals(server);
