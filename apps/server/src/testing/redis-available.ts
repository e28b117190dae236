import { createConnection } from 'node:net';

export const REDIS_PORT = 6379;

/** Whether something on loopback accepts a new TCP connection on `port` right now. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Redis runs on this machine's loopback; tests that need it skip without it. */
export function redisListening(port = REDIS_PORT): Promise<boolean> {
  return acceptsConnections(port);
}
