import type { FastifyInstance } from 'fastify';
import type { RequestLogWriter } from './request-log-writer.ts';

/**
 * A dashboard read first writes the request-log rows this instance still holds, so a request just
 * answered shows up at once, however long LOG_FLUSH_MS lets a batch gather (decision 051). So does
 * a vote (`POST /v1/evals/feedback`), which an application sends with the `x-request-id` of the
 * answer it has just read: the row it rates must be there. Only these wait: gateway calls never
 * wait for the log, and with nothing queued the check costs one comparison.
 */
export function installReadYourWrites(app: FastifyInstance, logs: RequestLogWriter): void {
  // A callback hook: an async one made a promise and a microtask turn on every request, the
  // gateway's included, which never wait here (decision 213).
  app.addHook('onRequest', (req, _reply, done) => {
    if (logs.pending() === 0 || !readsTheLog(req.method, req.url)) return done();
    logs.flush().then(() => done(), done);
  });
}

const FEEDBACK_PATH = '/v1/evals/feedback';

function readsTheLog(method: string, url: string): boolean {
  if (method === 'POST') return url === FEEDBACK_PATH || url.startsWith(`${FEEDBACK_PATH}?`);
  return method === 'GET' && url.startsWith('/v1/') && !url.startsWith('/v1/models');
}
