/**
 * A failed API call. `serverMessage` is the `message` field of the server's `{error, message}`
 * answer when there was one, so screens can choose between it and their own fallback text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** The server's own words when it gave any, otherwise the screen's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return isApiError(err) && err.serverMessage ? err.serverMessage : fallback;
}
