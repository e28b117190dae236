import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  url: string;
  /** Raw messages in arrival order. */
  messages: string[];
  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number): Promise<string[]>;
  /** The first message addressed to `email`, quoted-printable soft breaks and `=3D` undone. */
  messageTo(email: string, matching?: (message: string) => boolean): Promise<string>;
  /** Lets held and future messages through (only meaningful with `hold`). */
  release(): void;
  close(): Promise<void>;
}

/** Undoes the quoted-printable soft line breaks and `=3D` so links and passwords read whole. */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/**
 * A real SMTP server on loopback that keeps every message it is handed. With `hold`, each message
 * is held (the DATA step does not finish) until `release()`: an answer that arrives while a
 * message is held did not wait for it.
 */
export async function startSmtpReceiver(opts: { hold?: boolean } = {}): Promise<SmtpReceiver> {
  const messages: string[] = [];
  const waiting: (() => void)[] = [];
  let open = !opts.hold;
  const gate: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const finish = () => {
          messages.push(Buffer.concat(chunks).toString('utf8'));
          callback();
          for (const wake of waiting.splice(0)) wake();
        };
        if (open) finish();
        else gate.push(finish);
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
    async messageTo(email, matching = () => true) {
      for (;;) {
        const found = messages
          .map(decodeMail)
          // Compared as text: an address may hold '+' or '.', which a pattern would misread.
          .find(
            (m) => m.split(/\r?\n/).some((line) => line.startsWith(`To: ${email}`)) && matching(m),
          );
        if (found) return found;
        await new Promise<void>((r) => waiting.push(r));
      }
    },
    release() {
      open = true;
      for (const finish of gate.splice(0)) finish();
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
