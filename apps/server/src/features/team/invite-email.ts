import type { Email } from '../../email/mailer.ts';

/** The invitation: a new user gets the temporary password (valid 7 days), an existing one a note. */
export function inviteEmail(i: {
  to: string;
  accountName: string;
  inviter: string;
  loginUrl: string;
  temporaryPassword: string | undefined;
  /** An existing user who has not yet replaced the temporary password of an earlier invite. */
  noPasswordChosenYet?: boolean;
}): Email {
  const intro = `${i.inviter} added you to ${i.accountName} on Tokenwise.`;
  if (!i.temporaryPassword) {
    const how = i.noPasswordChosenYet
      ? 'You have not chosen a password yet: sign in with the temporary password from your first invitation, or use "Forgot password" on the sign-in screen to choose one'
      : 'Sign in with your usual password';
    return {
      to: i.to,
      subject: `You were added to ${i.accountName} on Tokenwise`,
      text: `${intro}\n\n${how}:\n${i.loginUrl}\n`,
    };
  }
  return {
    to: i.to,
    subject: `You are invited to ${i.accountName} on Tokenwise`,
    text: `${intro}\n\nSign in here:\n${i.loginUrl}\n\nEmail: ${i.to}\nTemporary password: ${i.temporaryPassword}\n\nYou will be asked to choose your own password when you first sign in. The temporary password stops working in 7 days.\n`,
  };
}
