/**
 * Thai national ID-card reader helper simulator (spec §7 Local helper services → ID-card reader), for development
 * and e2e. Two protocols, as the spec lists them:
 *   variant "api":        GET /api/check  → { success, data: { reader, cardPresent } }
 *                         GET /api/fetch  → { success, data: card } | { success: false, message }
 *   variant "smartcard":  GET /environment → { success, data: { version, reader } }
 *                         GET /smartcard/read?readImageFlag=false → { success, data: { pid, image, …names } }
 *   variant "both":       all four.
 * A card: pid, titleTH, firstNameTH, middleNameTH, lastNameTH, titleEN, firstNameEN, middleNameEN, lastNameEN,
 * birthDate (yyyy-MM-dd), gender (Male|Female), address { no, moo, village, alley, road, subDistrict, district,
 * province, postCode }, issueDate, expireDate, photo (base64 JPEG).
 * Data: ID_CARD_SIM_DATA (default data/id-card.json) = { installed, cardPresent, readable, variant, card }.
 * Port and host: ID_CARD_SIM_PORT (default 18182), ID_CARD_SIM_HOST (default 127.0.0.1).
 * `installed: false` drops every helper call's connection, which the browser sees as "helper not installed".
 * Tests change the state at run time with POST /__sim/state { installed?, cardPresent?, readable?, variant?, card?, reset? }.
 *
 *   npx tsx apps/simulators/src/id-card-reader-simulator.ts
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadJsonConfig, portFromEnv, sendJson, startSimServer, stopOnSignals } from './lib/sim-server';

export interface CardData {
  pid: string;
  titleTH?: string;
  firstNameTH?: string;
  middleNameTH?: string;
  lastNameTH?: string;
  titleEN?: string;
  firstNameEN?: string;
  middleNameEN?: string;
  lastNameEN?: string;
  birthDate?: string;
  gender?: 'Male' | 'Female';
  address?: Record<string, string | null>;
  issueDate?: string;
  expireDate?: string;
  photo?: string;
}

export interface IdCardState {
  installed: boolean;
  cardPresent: boolean;
  /** false: a card is in, but its chip cannot be read (dirty, damaged, upside down). */
  readable: boolean;
  variant: 'api' | 'smartcard' | 'both';
  card: CardData;
}

const READER = 'Rangsi simulated smart-card reader';
const NO_CARD = 'ไม่พบบัตรประชาชนในเครื่องอ่าน กรุณาเสียบบัตร';
const UNREADABLE = 'อ่านข้อมูลจากบัตรไม่ได้';

const initialState = loadJsonConfig<Partial<IdCardState> & { card: CardData }>(
  'ID_CARD_SIM_DATA',
  new URL('../data/id-card.json', import.meta.url),
);

function notInstalled(req: IncomingMessage, res: ServerResponse): void {
  // Nothing listens on a workstation without the helper: the browser sees a failed connection, not an answer.
  res.destroy();
  req.socket.destroy();
}

const server = await startSimServer<IdCardState>({
  name: 'id-card-reader-simulator',
  port: portFromEnv('ID_CARD_SIM_PORT', 18182),
  host: process.env.ID_CARD_SIM_HOST || '127.0.0.1',
  initialState: { installed: true, cardPresent: true, readable: true, variant: 'api', ...initialState },
  route: ({ req, res, url, state }) => {
    if (req.method !== 'GET') return false;
    const path = url.pathname.replace(/\/+$/, '');
    const apiVariant = state.variant === 'api' || state.variant === 'both';
    const smartcardVariant = state.variant === 'smartcard' || state.variant === 'both';
    const known = ['/api/check', '/api/fetch', '/environment', '/smartcard/read'];
    if (!known.includes(path)) return false;
    if (!state.installed) {
      notInstalled(req, res);
      return true;
    }
    if (path === '/api/check' && apiVariant) {
      sendJson(res, 200, { success: true, data: { reader: READER, cardPresent: state.cardPresent } });
      return true;
    }
    if (path === '/environment' && smartcardVariant) {
      sendJson(res, 200, {
        success: true,
        data: { version: 'sim-1.0', reader: READER, cardPresent: state.cardPresent },
      });
      return true;
    }
    const isRead = (path === '/api/fetch' && apiVariant) || (path === '/smartcard/read' && smartcardVariant);
    if (!isRead) return false;
    if (!state.cardPresent) {
      sendJson(res, 200, { success: false, message: NO_CARD });
      return true;
    }
    if (!state.readable) {
      sendJson(res, 200, { success: false, message: UNREADABLE });
      return true;
    }
    if (path === '/api/fetch') {
      sendJson(res, 200, { success: true, data: state.card });
      return true;
    }
    // The smartcard helper names the photo `image`; the spec's call asks it with readImageFlag=false.
    const { photo, ...rest } = state.card;
    sendJson(res, 200, { success: true, data: { ...rest, pid: state.card.pid, image: photo ?? '' } });
    return true;
  },
});
stopOnSignals(server);
