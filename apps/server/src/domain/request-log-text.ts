/**
 * Log text is bounded so one huge prompt cannot bloat the log table: the gateway cuts prompts and
 * answers to this many characters before logging them, and the dashboard sizes its reads by it.
 */
export const LOG_TEXT_MAX_CHARS = 32_000;
