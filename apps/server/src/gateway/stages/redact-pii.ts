import { redactionRefusal, redactPromptTexts } from '../../domain/pii/redact-prompt-texts.ts';
import { piiConfigOf } from '../../domain/settings/account-settings.repository.ts';
import type { GatewayContext } from '../context.ts';
import { messageTexts } from '../request/message-text.ts';
import type { GatewayServices } from '../services.ts';
import { type ChatMessage, GatewayError } from '../types.ts';

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
  try {
    const result = await redactPromptTexts(services.deps, config, texts);
    if (!result.ok) {
      throw refused(redactionRefusal(result.problem, services.deps.config.piiScanBudgetMs));
    }
    const { redacted, session } = result;
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
