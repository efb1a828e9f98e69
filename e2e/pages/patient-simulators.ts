/**
 * The gateway and ID-card reader simulators that e2e/start-server.mjs starts beside the server, on ports derived
 * from the server's (E2E_PORT + 100 and + 101, unless E2E_GATEWAY_PORT / E2E_ID_CARD_PORT say otherwise).
 * Specs change what they answer through their control endpoint, and put them back afterwards.
 */
const serverPort = Number(process.env.E2E_PORT ?? '18080');
export const GATEWAY_SIM_URL = `http://127.0.0.1:${process.env.E2E_GATEWAY_PORT ?? serverPort + 100}`;
export const ID_CARD_SIM_URL = `http://127.0.0.1:${process.env.E2E_ID_CARD_PORT ?? serverPort + 101}`;

/** The card in the simulated reader (apps/simulators/data/id-card.json). */
export const SIM_CARD = {
  pid: '1101500234611',
  firstNameTH: 'พิมพ์ชนก',
  lastNameTH: 'ศรีสวัสดิ์',
  firstNameEN: 'Phimchanok',
};
/** An HN the simulated gateway knows (apps/simulators/data/gateway-patients.json). */
export const SIM_GATEWAY_PATIENT = { hn: 'HIS0004521', nationalNumber: '3100600458729', first: 'สมชาย', last: 'ใจดี' };

async function control(base: string, state: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${base}/__sim/state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  if (!answer.ok) throw new Error(`simulator ${base} refused the state change: ${answer.status}`);
}

export const setCardReader = (state: {
  installed?: boolean;
  cardPresent?: boolean;
  readable?: boolean;
  variant?: 'api' | 'smartcard' | 'both';
  card?: Record<string, unknown>;
}) => control(ID_CARD_SIM_URL, state);
export const resetCardReader = () => control(ID_CARD_SIM_URL, { reset: true });
export const setGateway = (state: { delayMs?: number; down?: boolean; features?: string }) =>
  control(GATEWAY_SIM_URL, state);
export const resetGateway = () => control(GATEWAY_SIM_URL, { reset: true });
