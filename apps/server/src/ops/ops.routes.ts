import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus). */
export function opsRoutes(deps: { metrics: Metrics; ping: () => Promise<void>; isDraining: () => boolean }) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const pub = { access: { permission: 'public', scope: 'none' } } as const;
    app.get('/healthz', { config: pub, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { config: pub, schema: { hide: true } }, async (_req, reply) => {
      if (deps.isDraining()) return reply.status(503).send({ status: 'draining' });
      try {
        await deps.ping();
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    });
    app.get('/metrics', { config: pub, schema: { hide: true } }, async (_req, reply) => {
      reply.header('content-type', deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    });
  };
}
