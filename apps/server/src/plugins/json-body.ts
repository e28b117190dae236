import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { CpuPool } from '../lib/cpu-pool/cpu-pool.ts';
import { type ParsedJson, parseJsonText } from '../lib/cpu-pool/cpu-tasks.ts';
import { JSON_LIMITS } from '../lib/json-shape.ts';
import { readBody } from './read-body.ts';

/**
 * Bodies from this size on are parsed in a worker thread. JSON.parse runs at roughly 100-250 MB/s
 * here, so a body this size costs the event loop 1-3 ms; a 20 MB gateway body would cost
 * 80-300 ms in one piece, against 20-80 ms for taking the parsed value back from the worker.
 */
export const OFF_THREAD_JSON_BYTES = 256 * 1024;

/**
 * The one JSON body parser of every route (dashboard API and gateway): Fastify's own rules
 * (secure-json-parse, refusing __proto__ and constructor.prototype keys; empty or broken JSON as
 * Fastify's 400s), plus limits on depth and on the number of values (see lib/json-shape.ts).
 */
export function installJsonBodyParser(app: FastifyInstance, cpu: CpuPool): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    async (req: FastifyRequest, payload: IncomingMessage) => {
      const limit = req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
      const body = await readBody(payload, Number(req.headers['content-length']), limit);
      const parsed =
        body.length >= OFF_THREAD_JSON_BYTES
          ? await cpu.parseJson(body, true)
          : parseJsonText(body.toString('utf8'));
      if (!parsed.ok && parsed.problem === 'empty' && takesNoBody(req)) return undefined;
      return bodyValue(parsed);
    },
  );
}

/**
 * A dashboard call whose contract takes no body (spec section 7: payload "none"). A client that
 * labels every call JSON sends such a call an empty JSON body; that is no body, not a broken one.
 * Calls that take a body, and the gateway's, keep Fastify's 400 for an empty one.
 */
function takesNoBody(req: FastifyRequest): boolean {
  const endpoint = req.routeOptions.config?.endpoint;
  return endpoint !== undefined && endpoint.body === undefined;
}

function bodyValue(parsed: ParsedJson): unknown {
  if (parsed.ok) return parsed.value;
  switch (parsed.problem) {
    case 'empty':
      throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
    case 'invalid':
      throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    case 'too_deep':
      throw new AppError(
        400,
        'json_too_deep',
        `Request body nests deeper than ${JSON_LIMITS.maxDepth} levels`,
      );
    case 'too_many_values':
      throw new AppError(
        413,
        'json_too_many_values',
        `Request body holds more than ${JSON_LIMITS.maxValues.toLocaleString('en-US')} JSON values`,
      );
  }
}
