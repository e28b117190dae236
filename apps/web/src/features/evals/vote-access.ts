import { canWrite } from '../../lib/roles.ts';

/**
 * Whether the screen offers the thumbs: the server takes votes from everyone who may send
 * requests and answers read-only members 403, so they see the votes without buttons to press.
 */
export const canVote = canWrite;
