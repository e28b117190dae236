import { RedactionSession } from '@tokenwise/pii';
import { piiConfigOf } from '../../domain/settings/account-settings.repository.ts';
import type { GatewayContext } from '../context.ts';
import { type ChatMessage, GatewayError } from '../types.ts';

/**
 * Replaces personal data in every message's text with numbered placeholders before anything else
 * sees it (cache, compression, the provider, the log). Fails closed: if redaction breaks, the
 * request is refused rather than sent raw. Assistant tool-call arguments are left as the caller
 * sent them, so tools keep receiving the values they returned.
 */
export function redactPii(ctx: GatewayContext): void {
  const settings = ctx.account?.settings;
  if (settings?.pii_enabled !== 1) return;
  try {
    const session = new RedactionSession(piiConfigOf(settings));
    const texts = ctx.request.messages.flatMap(textsOf);
    for (const text of texts) session.reserve(text);
    ctx.request = {
      ...ctx.request,
      messages: ctx.request.messages.map((m) => redactMessage(m, session)),
    };
    if (session.hasRedactions()) ctx.redaction = session;
  } catch (err) {
    throw new GatewayError(
      500,
      `PII redaction failed, so the request was not sent to the provider: ${(err as Error).message}`,
      'api_error',
      'pii_redaction_failed',
    );
  }
}

function textsOf(m: ChatMessage): string[] {
  if (typeof m.content === 'string') return [m.content];
  if (!Array.isArray(m.content)) return [];
  return m.content.flatMap((p) =>
    p.type === 'text' && typeof p.text === 'string' ? [p.text] : [],
  );
}

function redactMessage(m: ChatMessage, session: RedactionSession): ChatMessage {
  if (typeof m.content === 'string') return { ...m, content: session.redact(m.content) };
  if (!Array.isArray(m.content)) return m;
  return {
    ...m,
    content: m.content.map((p) =>
      p.type === 'text' && typeof p.text === 'string' ? { ...p, text: session.redact(p.text) } : p,
    ),
  };
}
