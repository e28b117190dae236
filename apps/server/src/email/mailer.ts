import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
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

// nodemailer waits up to 2 min to connect and 10 min on a silent socket: a mail server that stops
// answering would hold an alert pass or a test notification that long (decision 098).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer reads transport options from the URL's query (and ignores other options given with a
 * URL), so the timeouts go there; any the operator set in SMTP_URL win.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

// nodemailer loads with the first email, not at every start-up: most instances send none for hours.
const loadNodemailer = () => import('nodemailer').then((m) => m.default);

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
    const smtpUrl = withTimeouts(opts.smtpUrl);
    let transport: Promise<Transporter> | undefined;
    return {
      async send(email) {
        transport ??= loadNodemailer().then((n) => n.createTransport(smtpUrl));
        await (await transport).sendMail({ from: opts.from, ...email });
        opts.log.info({ to: email.to, subject: email.subject }, 'email sent');
      },
    };
  }
  let transport: Promise<Transporter> | undefined;
  return {
    async send(email) {
      transport ??= loadNodemailer().then((n) =>
        n.createTransport({ streamTransport: true, buffer: true }),
      );
      const info = await (await transport).sendMail({ from: opts.from, ...email });
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
