/**
 * Pulls the human message out of a provider's error body. Shapes seen: OpenAI/Groq/Gemini
 * `{error:{message}}`, Anthropic `{type:'error',error:{message}}`, Mistral `{message}` or
 * `{detail:[{msg,loc}]}` or `{message:{detail:[…]}}` (validation), Gemini sometimes wraps the object in an array.
 */
export function extractProviderMessage(bodyText: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    const text = bodyText.trim();
    return text && text.length <= 300 && !text.startsWith('<') ? text : undefined;
  }
  return messageIn(Array.isArray(body) ? body[0] : body);
}

function messageIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body : undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.error === 'string') return b.error;
  if (b.error && typeof b.error === 'object') {
    const inner = (b.error as Record<string, unknown>).message;
    if (typeof inner === 'string') return inner;
  }
  if (typeof b.message === 'string') return b.message;
  // Mistral's 422: `{object: 'error', message: {detail: [{loc, msg}]}}`.
  const nested = b.message as { detail?: unknown } | null | undefined;
  if (nested && typeof nested === 'object' && Array.isArray(nested.detail))
    return validationMessage(nested.detail);
  if (typeof b.detail === 'string') return b.detail;
  if (Array.isArray(b.detail)) return validationMessage(b.detail);
  return undefined;
}

function validationMessage(detail: unknown[]): string | undefined {
  const parts = detail
    .map((d) => {
      const item = d as { msg?: unknown; loc?: unknown };
      if (typeof item.msg !== 'string') return undefined;
      const loc = Array.isArray(item.loc) ? item.loc.join('.') : '';
      return loc ? `${loc}: ${item.msg}` : item.msg;
    })
    .filter((m): m is string => m !== undefined);
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * The machine-readable code of an OpenAI-style error body (`{error:{code}}`), which callers branch
 * on: `context_length_exceeded` to trim a conversation, `insufficient_quota` to stop retrying.
 * Gemini's numeric `code` only repeats the HTTP status, so only strings count.
 */
export function extractProviderCode(bodyText: string): string | null {
  return providerErrorFields(parsed(bodyText)).code;
}

/**
 * The `reason` of a Google error body's ErrorInfo detail (`{error:{details:[{reason}]}}`), e.g.
 * Gemini's `API_KEY_INVALID`, which comes with HTTP 400 rather than 401.
 */
export function extractProviderReason(bodyText: string): string | null {
  const details = (parsed(bodyText) as { error?: { details?: unknown } } | undefined)?.error
    ?.details;
  if (!Array.isArray(details)) return null;
  for (const detail of details) {
    const reason = (detail as { reason?: unknown } | null)?.reason;
    if (typeof reason === 'string' && reason) return reason;
  }
  return null;
}

/**
 * The wait a Google error body names in its `google.rpc.RetryInfo` detail (`retryDelay: "45s"`,
 * a protobuf Duration), in milliseconds. Gemini's 429 carries it there and sends no `retry-after`
 * header (decision 147).
 */
export function extractRetryDelayMs(bodyText: string): number | undefined {
  const details = (parsed(bodyText) as { error?: { details?: unknown } } | undefined)?.error
    ?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay;
    const seconds = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay)?.[1] : undefined;
    if (seconds !== undefined) return Math.round(Number(seconds) * 1000);
  }
  return undefined;
}

/**
 * Whether a Google error body's `google.rpc.QuotaFailure` names a daily quota
 * (`GenerateRequestsPerDayPerProjectPerModel-FreeTier`). Gemini answers an exhausted daily quota
 * with the same 429 and a `retryDelay` of seconds as a per-minute one, but no wait of seconds
 * cures it: neither the gateway nor the caller's SDK should retry it.
 */
export function namesDailyQuota(bodyText: string): boolean {
  const details = (parsed(bodyText) as { error?: { details?: unknown } } | undefined)?.error
    ?.details;
  if (!Array.isArray(details)) return false;
  return details.some((detail) => {
    const violations = (detail as { violations?: unknown } | null)?.violations;
    if (!Array.isArray(violations)) return false;
    return violations.some((v) => {
      const id = (v as { quotaId?: unknown } | null)?.quotaId;
      return typeof id === 'string' && /PerDay/i.test(id);
    });
  });
}

/** The request field an OpenAI-style error body names (`{error:{param}}`, e.g. `messages`). */
export function extractProviderParam(bodyText: string): string | undefined {
  return providerErrorFields(parsed(bodyText)).param;
}

/**
 * `code` and `param` of an OpenAI-style error body already read, as the gateway passes them on:
 * callers branch on both (`context_length_exceeded`, the field to fix).
 */
export function providerErrorFields(body: unknown): { code: string | null; param?: string } {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const param = text(error?.param);
  return { code: text(error?.code) ?? null, ...(param ? { param } : {}) };
}

function parsed(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText);
  } catch {
    return undefined;
  }
}

/** The provider's own message, or a plain one naming the provider and status. */
export function providerErrorMessage(label: string, status: number, bodyText: string): string {
  return extractProviderMessage(bodyText) ?? `${label} returned HTTP ${status}`;
}
