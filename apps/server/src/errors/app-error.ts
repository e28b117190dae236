/** An error with a status the client should see and a message a screen can show as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra answer headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Not authenticated') =>
  new AppError(401, 'unauthorized', message);
export const paymentRequired = (
  message = 'An active subscription is required. Start your free trial on the Billing page.',
) => new AppError(402, 'subscription_required', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string, retryAfterMs?: number) =>
  new AppError(
    429,
    'rate_limited',
    message,
    retryAfterMs ? { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } : undefined,
  );
/** The database cannot serve the request for now (connection lost, server down, file locked). */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The database is unavailable right now. Please try again in a moment.',
  );
/** A shared service the request needs (Redis) cannot be reached for now. */
export const serviceUnavailable = (
  message = 'This service is temporarily unavailable. Please try again in a moment.',
) => new AppError(503, 'service_unavailable', message);
