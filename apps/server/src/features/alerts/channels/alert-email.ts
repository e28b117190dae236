import type { Email } from '../../../email/mailer.ts';
import type { Notice } from './deliver.ts';

/**
 * The email an alert notice becomes. One person may own or administer several accounts, each
 * with its own "Daily budget": the subject and text name the account, and the text ends with
 * where to change or turn off the alert.
 */
export function alertEmail(
  notice: Pick<Notice, 'subject' | 'text'>,
  to: string[],
  account: { name: string; alertsUrl: string },
): Email {
  return {
    to: to.join(', '),
    subject: `${notice.subject} (${account.name})`,
    text: `${notice.text}\nAccount: ${account.name}\nManage this account's alerts: ${account.alertsUrl}\n`,
  };
}
