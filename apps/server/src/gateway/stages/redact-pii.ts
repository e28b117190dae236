import { type PiiConfig, RedactionSession } from '@tokenwise/pii';
import { piiConfigOf } from '../../domain/settings/account-settings.repository.ts';
import type { GatewayContext } from '../context.ts';
import { messageTexts } from '../request/message-text.ts';
import type { GatewayServices } from '../services.ts';
import { type ChatMessage, GatewayError } from '../types.ts';

/**
 * Prompts with more text than this are redacted in a worker thread. Detection costs up to ~10 ms
 * a kilobyte on text made of phone-like digit groups (each candidate is checked against
 * libphonenumber's metadata), so 4 K characters stay within ~40 ms of the event loop.
 */
export const PII_IN_THREAD_CHARS = 4_096;
/** And up to this many texts: each costs a detector pass however short (decision 094). */
export const PII_IN_THREAD_TEXTS = 256;
/**
 * The session's tables come back from the worker by copy, about a microsecond an entry; a prompt
 * with more distinct values than this is refused.
 */
export const PII_MAX_DISTINCT_VALUES = 50_000;

/**
 * Replaces personal data in every message's text with numbered placeholders before anything else
 * sees it (cache, compression, the provider, the log). Fails closed: if redaction breaks, takes too
 * long or finds too much, the request is refused rather than sent raw. Assistant tool-call
 * arguments are left as the caller sent them, so tools keep receiving the values they returned.
 */
export async function redactPii(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  const settings = ctx.account?.settings;
  if (settings?.pii_enabled !== 1) return;
  const config = piiConfigOf(settings);
  const texts = ctx.request.messages.flatMap(messageTexts);
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  try {
    const { redacted, session } =
      chars <= PII_IN_THREAD_CHARS && texts.length <= PII_IN_THREAD_TEXTS
        ? redactHere(config, texts)
        : await redactInWorker(config, texts, services);
    // Nothing found: the request goes on as it is, not as a copy.
    if (!session.hasRedactions()) return;
    let next = 0;
    const take = (text: string) => redacted[next++] ?? text;
    ctx.request = { ...ctx.request, messages: ctx.request.messages.map((m) => withTexts(m, take)) };
    ctx.redaction = session;
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new GatewayError(
      500,
      `PII redaction failed, so the request was not sent to the provider: ${(err as Error).message}`,
      'api_error',
      'pii_redaction_failed',
    );
  }
}

type Redacted = { redacted: (string | null)[]; session: RedactionSession };

function redactHere(config: PiiConfig, texts: string[]): Redacted {
  const session = new RedactionSession(config);
  return { redacted: session.redactAll(texts), session };
}

async function redactInWorker(
  config: PiiConfig,
  texts: string[],
  services: GatewayServices,
): Promise<Redacted> {
  // A prompt still being scanned after this long is refused, never sent unredacted.
  const budgetMs = services.deps.config.piiScanBudgetMs;
  const result = await services.deps.cpu.redactTexts(config, texts, {
    maxValues: PII_MAX_DISTINCT_VALUES,
    budgetMs,
  });
  if (!result.ok) {
    throw refused(
      result.problem === 'over_budget'
        ? `Scanning this prompt for personal data took longer than ${seconds(budgetMs)}, so it was not sent. Send less text at a time.`
        : `This prompt holds more than ${PII_MAX_DISTINCT_VALUES.toLocaleString('en-US')} distinct personal-data values to redact, so it was not sent. Send less text at a time.`,
    );
  }
  return { redacted: result.texts, session: RedactionSession.fromState(config, result.state) };
}

const refused = (message: string) =>
  new GatewayError(413, message, 'invalid_request_error', 'pii_scan_too_costly');

/** The message with each text replaced by `take(text)`, visiting texts in messageTexts' order. */
function withTexts(m: ChatMessage, take: (text: string) => string): ChatMessage {
  if (typeof m.content === 'string') return { ...m, content: take(m.content) };
  if (!Array.isArray(m.content)) return m;
  return {
    ...m,
    content: m.content.map((p) =>
      p.type === 'text' && typeof p.text === 'string' ? { ...p, text: take(p.text) } : p,
    ),
  };
}

/** "10 s", "1.5 s", "250 ms": the budget as the refusal says it. */
function seconds(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Number((ms / 1_000).toFixed(1))} s`;
}
