import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReportEngine } from './registry';
import { createReportEngine, type ReportEngineOptions } from './report-engine';
import { reportEngineRoutes } from './report-engine.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The report engine (reports/registry.ts): register definitions, render reports to PDF. */
    reports: ReportEngine;
  }
}

/**
 * The report engine as a Fastify plugin: decorates the app with `app.reports` (visible to everything registered
 * after it) and adds the engine's routes (reportlist, POST /ReportViewer/{reportName}).
 */
export function reportEngine(o: ReportEngineOptions) {
  return fp(
    async (app: FastifyInstance) => {
      const engine = createReportEngine(o);
      app.decorate('reports', engine);
      await app.register(reportEngineRoutes(engine));
    },
    { name: 'rangsi-report-engine', fastify: '5.x' },
  );
}
