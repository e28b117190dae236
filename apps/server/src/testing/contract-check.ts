import { isDeepStrictEqual } from 'node:util';
import { type Endpoint, ErrorResponse, isFileEndpoint } from '@tokenwise/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The contract the route was registered from, if any. */
  endpoint: Endpoint | undefined;
}

const FILE_TYPES = { csv: 'text/csv', json: 'application/json' } as const;

/**
 * Test instrumentation: notes every route the app registers and holds every answer of a route
 * registered from a contract to that contract, on real traffic. An answer outside it (a missing or
 * mistyped field, a field the contract does not declare, another success status, an error that is
 * not `{error, message}`) is recorded as a violation; the test server fails its close on any.
 */
export class ContractCheck {
  readonly routes: RegisteredRoute[] = [];
  readonly violations: string[] = [];
  /** Endpoints with at least one success answer checked. */
  readonly answered = new Set<Endpoint>();

  /** Hooks into the app; call before any route is registered. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        this.routes.push({ method, url: route.url, endpoint: route.config?.endpoint });
      }
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const endpoint = req.routeOptions.config.endpoint;
      if (endpoint) this.check(endpoint, req, reply, payload);
      return payload;
    });
  }

  private check(endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const where = `${req.method} ${req.url} (${endpoint.method} ${endpoint.path})`;
    const status = reply.statusCode;
    if (status >= 400) {
      this.checkJson(where, ErrorResponse, payload);
      return;
    }
    if (isFileEndpoint(endpoint)) {
      const type = String(reply.getHeader('content-type') ?? '');
      const disposition = String(reply.getHeader('content-disposition') ?? '');
      if (status !== 200 || !type.startsWith(FILE_TYPES[endpoint.file])) {
        this.violations.push(`${where}: answered ${status} ${type}, not a ${endpoint.file} file`);
      } else if (!disposition.startsWith('attachment')) {
        this.violations.push(`${where}: the file is not sent as an attachment`);
      } else {
        this.answered.add(endpoint);
      }
      return;
    }
    const expected = endpoint.status ?? 200;
    if (status !== expected) {
      this.violations.push(`${where}: answered ${status}, its contract says ${expected}`);
    } else if (this.checkJson(where, endpoint.response, payload)) {
      this.answered.add(endpoint);
    }
  }

  private checkJson(where: string, schema: z.ZodType, payload: unknown): boolean {
    let sent: unknown;
    try {
      sent = JSON.parse(String(payload));
    } catch {
      this.violations.push(`${where}: the answer is not JSON`);
      return false;
    }
    const parsed = schema.safeParse(sent);
    if (!parsed.success) {
      this.violations.push(`${where}: ${z.prettifyError(parsed.error)}`);
      return false;
    }
    if (!isDeepStrictEqual(parsed.data, sent)) {
      const extra = undeclaredFields(sent, parsed.data);
      this.violations.push(
        `${where}: sends fields its contract does not declare: ${extra.join(', ') || '(values differ)'}`,
      );
      return false;
    }
    return true;
  }
}

/** Paths present in what was sent but dropped by the schema (zod strips unknown keys). */
function undeclaredFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => undeclaredFields(item, kept[i], `${path}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? undeclaredFields(sent[key], kept[key], at) : [at];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
