import { createServer, type Server, Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections relayed so far. */
  connections(): number;
  /** Drops every open connection and refuses new ones, as a dead server or a cut link would. */
  cut(): Promise<void>;
  /** Drops every open connection, then accepts new ones but never answers: a black-holed link. */
  stall(): void;
  /**
   * Relays nothing more either way, yet leaves open connections open, and accepts new ones that
   * never answer: a link gone silent (a partition), which the client is not told of.
   */
  silence(): void;
  /** Relays again on the same port. */
  restore(): Promise<void>;
  /**
   * Holds what the server sends back for `ms` before relaying it (0: at once), as a slow link
   * would; requests still go out at once, so the server acts on them before the answer arrives.
   */
  delayAnswers(ms: number): void;
  /** Answers held back by delayAnswers, not yet relayed. */
  answersHeld(): number;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay to `127.0.0.1:targetPort` that a test can cut and restore, so a database or
 * Redis "goes down" for this test's server only, never for anyone else sharing the real one.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let relayed = 0;
  let stalled = false;
  let silent = false;
  let answerDelayMs = 0;
  let held = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const relay = (client: Socket) => {
    track(client);
    if (stalled) return;
    relayed += 1;
    const upstream = new Socket();
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.connect(targetPort, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      if (!silent) upstream.write(chunk);
    });
    // Chained, so answers keep their order when the delay changes.
    let relayedSoFar = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      if (silent) return;
      const delay = answerDelayMs;
      held += 1;
      relayedSoFar = relayedSoFar
        .then(() => delay && new Promise((resolve) => setTimeout(resolve, delay)))
        .then(() => {
          held -= 1;
          if (!client.destroyed) client.write(chunk);
        });
    });
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    connections: () => relayed,
    cut: stop,
    stall() {
      stalled = true;
      for (const s of sockets) s.destroy();
    },
    silence() {
      silent = true;
      stalled = true;
    },
    async restore() {
      stalled = false;
      silent = false;
      for (const s of sockets) s.destroy();
      if (server.listening) return;
      server = createServer(relay);
      await listen(port);
    },
    delayAnswers(ms) {
      answerDelayMs = ms;
    },
    answersHeld: () => held,
    close: stop,
  };
}
