import type { InviteResponse } from '@tokenwise/contracts';
import { LONG_SUCCESS_MESSAGE_MS, SUCCESS_MESSAGE_MS } from '../../components/use-flash-message.ts';
import { ROLE_LABELS } from '../../lib/roles.ts';

export interface InviteNotice {
  text: string;
  durationMs: number;
}

/**
 * The success message after an invite: an existing user is simply added (and the message stays
 * 5 s); a new user got an account with a temporary password, shown separately, once.
 */
export function inviteNotice(answer: InviteResponse): InviteNotice {
  const { email, role } = answer.member;
  if (answer.existing_user) {
    return {
      text: `${email} already has an account and was added to the team as ${ROLE_LABELS[role]}.`,
      durationMs: LONG_SUCCESS_MESSAGE_MS,
    };
  }
  return {
    text: `Invitation sent to ${email}. They will choose their own password at first sign-in.`,
    durationMs: SUCCESS_MESSAGE_MS,
  };
}
