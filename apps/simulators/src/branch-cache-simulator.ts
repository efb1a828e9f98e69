/**
 * Branch image cache simulator (spec §7 Local helper services → Branch image cache), for the viewer's probe:
 *   GET /features                                   → text; names BRANCH_CACHE unless told otherwise
 *   GET /check/{studyId}/{seriesId}/{orientation}   → 200 when the series is cached here, else 404
 * Tests change the answers at run time with POST /__sim/state { delayMs?, down?, features?, cached?, reset? }
 * and read which paths were asked for in GET /__sim/state (`requests`).
 * Port and host: BRANCH_CACHE_SIM_PORT (default 18183), BRANCH_CACHE_SIM_HOST (default 127.0.0.1).
 *
 *   npx tsx apps/simulators/src/branch-cache-simulator.ts
 */
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { delay, portFromEnv, sendJson, sendText, startSimServer, stopOnSignals } from './lib/sim-server';

export interface BranchCacheState {
  /** Answer this much later (the viewer gives up after 777 ms, spec §8). */
  delayMs: number;
  /** Refuse every call (503), as a cache that is down. */
  down: boolean;
  /** The text of GET /features. */
  features: string;
  /** Series ids held here; null means every series. */
  cached: string[] | null;
  /** Paths asked for, oldest first. */
  requests: string[];
}

export function startBranchCacheSimulator(port: number, host = '127.0.0.1'): Promise<Server> {
  return startSimServer<BranchCacheState>({
    name: 'branch-cache-simulator',
    port,
    host,
    initialState: { delayMs: 0, down: false, features: 'BRANCH_CACHE', cached: null, requests: [] },
    route: async ({ req, res, url, state }) => {
      if (req.method !== 'GET') return false;
      state.requests.push(url.pathname);
      if (state.delayMs > 0) await delay(state.delayMs);
      if (state.down) {
        sendText(res, 503, 'down');
        return true;
      }
      if (url.pathname === '/features') {
        sendText(res, 200, state.features);
        return true;
      }
      const match = /^\/check\/([^/]+)\/([^/]+)\/([^/]*)$/.exec(url.pathname);
      if (!match) return false;
      const seriesId = decodeURIComponent(match[2] ?? '');
      const held = state.cached === null || state.cached.includes(seriesId);
      sendJson(res, held ? 200 : 404, { cached: held });
      return true;
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  stopOnSignals(
    await startBranchCacheSimulator(
      portFromEnv('BRANCH_CACHE_SIM_PORT', 18183),
      process.env.BRANCH_CACHE_SIM_HOST || '127.0.0.1',
    ),
  );
}
