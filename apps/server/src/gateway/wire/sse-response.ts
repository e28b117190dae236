import type { FastifyReply } from 'fastify';

/** Takes over the socket for a server-sent-events answer, carrying the gateway's headers. */
export function openSse(
  reply: FastifyReply,
  headers: Record<string, string>,
): (text: string) => void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  reply.raw.flushHeaders();
  return (text) => {
    if (!reply.raw.writableEnded) reply.raw.write(text);
  };
}
