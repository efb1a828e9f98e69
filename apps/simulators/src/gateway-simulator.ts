/**
 * Hospital HIS gateway simulator (spec §7 Local helper services → Gateway), for development and e2e:
 *   GET /features               → text naming what the gateway offers (PATIENT_HN_IMPORT)
 *   GET /api/patient/hn/{hn}    → { success, data, message }: the hospital's patient record for an HN
 * Data: a JSON file (GATEWAY_SIM_DATA, default data/gateway-patients.json) of
 *   { delayMs, down, patients: { [hn]: patient-like fields } }.
 * Port and host: GATEWAY_SIM_PORT (default 18181), GATEWAY_SIM_HOST (default 127.0.0.1).
 * Tests change the answers at run time with POST /__sim/state { delayMs?, down?, patients?, reset? }.
 *
 *   npx tsx apps/simulators/src/gateway-simulator.ts
 */
import { delay, loadJsonConfig, portFromEnv, sendJson, sendText, startSimServer, stopOnSignals } from './lib/sim-server';

export interface GatewayState {
  /** Answer this much later (tests of the browser's time-out). */
  delayMs: number;
  /** Refuse every call as if the HIS were down (503). */
  down: boolean;
  patients: Record<string, Record<string, unknown>>;
}

const initialState = loadJsonConfig<Partial<GatewayState>>('GATEWAY_SIM_DATA', new URL('../data/gateway-patients.json', import.meta.url));

const server = await startSimServer<GatewayState>({
  name: 'gateway-simulator',
  port: portFromEnv('GATEWAY_SIM_PORT', 18181),
  host: process.env.GATEWAY_SIM_HOST || '127.0.0.1',
  initialState: { delayMs: 0, down: false, patients: {}, ...initialState },
  route: async ({ req, res, url, state }) => {
    if (req.method !== 'GET') return false;
    if (url.pathname === '/features') {
      sendText(res, 200, 'PATIENT_HN_IMPORT');
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
    const patient = state.patients[hn] ?? Object.values(state.patients).find((p) => typeof p.hn === 'string' && p.hn.toLowerCase() === hn.toLowerCase());
    if (!patient) {
      sendJson(res, 200, { success: false, data: null, message: `ไม่พบ HN ${hn} ในระบบโรงพยาบาล` });
      return true;
    }
    sendJson(res, 200, { success: true, data: patient, message: null });
    return true;
  },
});
stopOnSignals(server);
