import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AuthService } from '../auth/auth.service';
import { userFromRequest } from '../auth/auth.plugin';
import { notFound } from '../http/domain-error';
import { sendRefusal } from '../http/error-handler';

/**
 * Pages a person without a session may open: the logon page, the public export link, the phone photo capture, and
 * the series frame DicomViewer/… (spec §2: it carries an exam token; every image call checks that token).
 */
const PUBLIC_PAGES = [/^\/Member\/LogOn$/i, /^\/link\//, /^\/capture\//, /^\/DicomViewer\//];

/** Serves the web build and answers every other page path with index.html (the SPA routes it). */
export function spaRoutes(deps: { distDir: string; auth: AuthService }) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const indexPath = path.join(deps.distDir, 'index.html');
    const hasBuild = fs.existsSync(indexPath);

    // Static files are public by nature (code, fonts, pictures); declare it for every route the plugin adds.
    app.addHook('onRoute', (route) => {
      route.config ??= {};
      (route.config as { access?: unknown }).access ??= { permission: 'public', scope: 'none' };
    });
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: deps.distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // Hashed assets never change; index.html must always be fresh.
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    const indexHtml = () => (hasBuild ? fs.readFileSync(indexPath, 'utf8') : MISSING_BUILD);

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (isApiPath(urlPath)) return sendRefusal(reply, notFound());
      if (!isPublicPage(urlPath) && !(await userFromRequest(app, deps.auth, request))) {
        return reply.redirect(`/Member/LogOn?ReturnUrl=${encodeURIComponent(request.url)}`, 302);
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    });
  };
}

function isApiPath(p: string): boolean {
  return p.startsWith('/api/') || p === '/api' || p.startsWith('/dicomweb/');
}

function isPublicPage(p: string): boolean {
  return PUBLIC_PAGES.some((re) => re.test(p));
}

export function isPageRequest(request: FastifyRequest): boolean {
  return request.method === 'GET' && !isApiPath(request.url);
}

const MISSING_BUILD = `<!doctype html><html lang="th"><meta charset="utf-8"><title>Rangsi</title>
<body><p>The web build is missing: run <code>npm run build</code>.</p></body></html>`;
