import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built dashboard and answers any unknown non-API GET with index.html, so deep links
 * such as /requests/abc load the app. Unknown /v1 paths stay JSON 404s.
 */
export async function installWebApp(app: FastifyInstance, distDir = DEFAULT_DIST): Promise<void> {
  const hasBuild = existsSync(`${distDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'GET' || path.startsWith('/v1/') || path === '/v1') {
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
