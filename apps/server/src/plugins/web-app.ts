import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AllowedMethods, wrongMethodMessage } from './route-methods.ts';
import { dashboardContentSecurityPolicy } from './security-headers.ts';

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** What Vite writes as the nonce into index.html (html.cspNonce in apps/web/vite.config.ts). */
const NONCE_PLACEHOLDER = 'TOKENWISE_CSP_NONCE';

type Answer = { status: number; body: unknown };

export interface ApiAnswers {
  /** An unknown /v1 path's answer for a caller that is not the dashboard (the gateway's SDKs). */
  notFound?: (req: FastifyRequest, path: string) => Answer | undefined;
  /** The methods a served path takes: asked with another, it is a 405 naming them in `Allow`. */
  allowedMethods?: AllowedMethods;
  /** A 405's answer for a caller that is not the dashboard (the gateway's SDKs). */
  wrongMethod?: (req: FastifyRequest, path: string, allowed: string[]) => Answer | undefined;
}

/**
 * Serves the built dashboard and answers any unknown non-API GET with index.html, so deep links
 * such as /requests/abc load the app. Unknown /v1 paths stay JSON 404s; a served path asked with
 * a method it does not take is a 405 with `Allow` (decision 133).
 */
export async function installWebApp(
  app: FastifyInstance,
  distDir = DEFAULT_DIST,
  answers: ApiAnswers = {},
): Promise<void> {
  const hasBuild = existsSync(`${distDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The page itself always goes through sendDashboardPage, which fills in its nonce.
      allowedPath: (path) => path !== '/index.html',
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // HEAD is a GET without the body (Node drops it), so /index.html answers both alike.
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (!reading || path.startsWith('/v1/') || path === '/v1') {
      const allowed = answers.allowedMethods?.(path) ?? [];
      if (allowed.length > 0 && !allowed.includes(req.method)) {
        const answer = answers.wrongMethod?.(req, path, allowed) ?? {
          status: 405,
          body: {
            error: 'method_not_allowed',
            message: wrongMethodMessage(req.method, path, allowed),
          },
        };
        return reply.code(answer.status).header('allow', allowed.join(', ')).send(answer.body);
      }
      const answer = answers.notFound?.(req, path);
      if (answer) return reply.code(answer.status).send(answer.body);
      return reply
        .code(404)
        .send({ error: 'not_found', message: `Route ${req.method} ${path} not found` });
    }
    if (path.startsWith('/assets/')) {
      return reply.code(404).send({ error: 'not_found', message: 'Asset not found' });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The dashboard is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return sendDashboardPage(reply, distDir);
  });
}

/** index.html with a fresh CSP nonce per load, so a nonce seen once is worth nothing later. */
async function sendDashboardPage(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  const nonce = randomBytes(16).toString('base64');
  // Read per load: a rebuild while the server runs must not leave it serving old asset names.
  const page = await readFile(join(distDir, 'index.html'), 'utf8');
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', dashboardContentSecurityPolicy(nonce))
    .type('text/html; charset=utf-8')
    .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
}
