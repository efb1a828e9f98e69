import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one server process; labels carry route patterns only, never values (no patient data). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'rangsi_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'rangsi_login_failures_total',
    help: 'Failed logins',
    registers: [registry],
  });
  return { registry, httpDuration, loginFailures };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Every answer's duration by route pattern and status, and one log line with the route (never the URL). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.httpDuration.labels(request.method, route, String(reply.statusCode)).observe(seconds);
    request.log.info(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
