import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { uuidv7 } from '../lib/ids.ts';
import { sizeInWords } from './error-handler.ts';

/** What the answer to a request that never reached a route says, and in whose format. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

/**
 * Answers a request Node refused before Fastify saw it: headers over Node's limit (431), a
 * malformed request (400), a request that took too long to arrive (408). Fastify's own answer was
 * `{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header
 * size","statusCode":431}` whatever the caller; now the project's `{error, message}`, or for a
 * gateway call the body its SDK reads (`format` answers that, from the request head received so
 * far, or undefined for a dashboard call).
 */
export function clientErrorHandler(
  format: (head: string, refusal: Refusal, requestId: string) => unknown | undefined,
) {
  // Node's rawPacket is the bytes received so far (Fastify's types say otherwise).
  return (err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = refusalFor(err.code);
    const requestId = uuidv7();
    const head = Buffer.isBuffer(err.rawPacket)
      ? err.rawPacket.subarray(0, 4096).toString('latin1')
      : '';
    const body = JSON.stringify(
      format(head, refusal, requestId) ?? { error: refusal.code, message: refusal.message },
    );
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `x-request-id: ${requestId}\r\n` +
          'x-content-type-options: nosniff\r\n' +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function refusalFor(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'request_headers_too_large',
      message: `Request headers are too large: the limit is ${sizeInWords(maxHeaderSize)} in all. Send fewer or shorter headers (cookies included)`,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      code: 'request_timeout',
      message: 'The request took too long to arrive',
    };
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP' };
}
