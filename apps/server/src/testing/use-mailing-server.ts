import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { useStarted } from './use-started.ts';

/**
 * For the enclosing describe: a real SMTP server on loopback and a test server that mails through
 * it, on a clock the test moves (limits per hour are crossed without waiting an hour).
 */
export function useMailingServer(clock: () => number): { smtp: SmtpReceiver; server: TestServer } {
  return useStarted(
    async () => {
      const smtp = await startSmtpReceiver();
      const server = await startTestServer({ env: { SMTP_URL: smtp.url }, clock });
      return { smtp, server };
    },
    async ({ smtp, server }) => {
      await server.close();
      await smtp.close();
    },
  );
}
