import type { FastifyInstance } from 'fastify';
import type { RequestLogWriter } from './request-log-writer.ts';

/**
 * A dashboard read first writes the request-log rows this instance still holds, so a request just
 * answered shows up at once, however long LOG_FLUSH_MS lets a batch gather (decision 051). Only
 * reads of the dashboard API wait: gateway calls never wait for the log, and with nothing queued
 * the read costs one comparison.
 */
export function installReadYourWrites(app: FastifyInstance, logs: RequestLogWriter): void {
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' || logs.pending() === 0) return;
    if (!req.url.startsWith('/v1/') || req.url.startsWith('/v1/models')) return;
    await logs.flush();
  });
}
