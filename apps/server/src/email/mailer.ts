import { renameSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { ensurePrivateDir, writePrivateFile } from '../lib/private-files.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each email becomes an .eml file under <dataDir>/outbox,
 * so password resets work on a laptop with no mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({ from: opts.from, ...email });
        opts.log.info({ to: email.to, subject: email.subject }, 'email sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(email) {
      const info = await transport.sendMail({ from: opts.from, ...email });
      ensurePrivateDir(opts.outboxDir);
      const file = join(
        opts.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      // Written under another name and renamed: whoever picks up *.eml never reads half a file.
      writePrivateFile(`${file}.partial`, info.message as Buffer);
      renameSync(`${file}.partial`, file);
      opts.log.info({ to: email.to, subject: email.subject, file }, 'email written to outbox');
    },
  };
}
