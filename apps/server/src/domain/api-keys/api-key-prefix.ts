/** Recognisable in logs and secret scanners; 32 random bytes follow it. */
export const API_KEY_PREFIX = 'tw_';
