import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  url: string;
  /** Raw messages in arrival order. */
  messages: string[];
  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number): Promise<string[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it is handed. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: string[] = [];
  const waiting: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
        for (const wake of waiting.splice(0)) wake();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count) {
      while (messages.length < count) await new Promise<void>((r) => waiting.push(r));
      return messages;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
