import type { OffsetMap, PiiConfig, RedactionSession } from '@tokenwise/pii';
import { redactionRefusal, redactPromptTexts } from '../../domain/pii/redact-prompt-texts.ts';
import { piiConfigOf } from '../../domain/settings/account-settings.repository.ts';
import type { GatewayContext } from '../context.ts';
import { withoutAnswerAnnotations } from '../request/answer-annotations.ts';
import { type TextDocumentPlace, textDocumentPlaces } from '../request/cited-documents.ts';
import { scanToolDefinitions } from '../request/clean-tool-definitions.ts';
import { documentTexts, withDocumentTexts } from '../request/document-texts.ts';
import { pseudonymizeIdentifiers } from '../request/identifier-texts.ts';
import { messageTexts } from '../request/message-text.ts';
import {
  predictionTexts,
  schemaTexts,
  stopTexts,
  suffixTexts,
  withPredictionTexts,
  withSchemaTexts,
  withStopTexts,
  withSuffixText,
} from '../request/output-texts.ts';
import { withToolDefinitionTexts } from '../request/tool-definition-texts.ts';
import type { GatewayServices } from '../services.ts';
import { type ChatMessage, GatewayError } from '../types.ts';

/**
 * Replaces personal data in every message's text (its documents' included) and its participant
 * `name`, in the tools it offers and the output it asks for (schema, predicted output, a text
 * completion's suffix, stop sequences), and in the arguments of the tool calls earlier turns
 * made, with numbered placeholders before anything else sees it (cache, compression, the
 * provider, the log). The end-user identifiers and metadata get a stable digest instead
 * (identifier-texts). Fails closed: if redaction breaks, takes too long or finds too much, the
 * request is refused rather than sent raw. The caller's tools never see a placeholder: an
 * answer's tool calls get the originals back (restore-pii); the history's are the caller's own.
 * An earlier answer's annotations are dropped from the history (request/answer-annotations.ts).
 * Each plain-text document keeps where its placeholders sit, by `document_index`, so Claude's
 * character offsets into the text it read can be turned into offsets into the caller's.
 */
export async function redactPii(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  const settings = ctx.account?.settings;
  if (settings?.pii_enabled !== 1) return;
  const config = piiConfigOf(settings);
  ctx.request = pseudonymizeIdentifiers(ctx.request, config, {
    secret: services.deps.config.encryptionKey,
    accountId: ctx.account?.accountId ?? '',
  });
  const messages = withoutAnswerAnnotations(ctx.request.messages);
  if (messages !== ctx.request.messages) ctx.request = { ...ctx.request, messages };
  // The tools and the output schema first (they stay the same through a conversation), then
  // message by message, its text, its documents', then its calls' arguments, and the predicted
  // output, a text completion's suffix and the stop sequences last: a value keeps its number as a conversation grows,
  // so the placeholders an earlier answer repeated mean the same now.
  const texts: string[] = [];
  const json: number[] = [];
  const documents = textDocumentPlaces(ctx.request.messages);
  const mapped: number[] = [];
  const tools = scanToolDefinitions(config, ctx.request);
  for (const tool of tools.texts) json.push(texts.push(tool) - 1);
  for (const schema of schemaTexts(ctx.request)) json.push(texts.push(schema) - 1);
  for (const [i, m] of ctx.request.messages.entries()) {
    const first = texts.length;
    for (const text of messageTexts(m)) texts.push(text);
    for (const place of documents) if (place.message === i) mapped.push(first + place.text);
    for (const text of documentTexts(m)) texts.push(text);
    for (const args of callArguments(m)) json.push(texts.push(args) - 1);
    texts.push(...nameTexts(m));
  }
  texts.push(
    ...predictionTexts(ctx.request),
    ...suffixTexts(ctx.request),
    ...stopTexts(ctx.request),
  );
  const result = await redactOrRefuse(services, config, texts, json, mapped);
  tools.remember(result.redacted);
  // Nothing found: the request goes on as it is, not as a copy.
  if (!result.session.hasRedactions()) return;
  const { redacted } = result;
  let next = 0;
  const take = (text: string) => redacted[next++] ?? text;
  // In the order the texts were gathered: `take` hands them back one after another.
  let request = withToolDefinitionTexts(ctx.request, tools.take(take));
  request = withSchemaTexts(request, take);
  request = {
    ...request,
    messages: request.messages.map((m) =>
      withName(withArguments(withDocumentTexts(withTexts(m, take), take), take), take),
    ),
  };
  request = withPredictionTexts(request, take);
  request = withSuffixText(request, take);
  ctx.request = withStopTexts(request, take);
  ctx.redaction = result.session;
  ctx.documentOffsets = documentOffsets(documents, result.offsets);
}

/** The maps of the documents that had something redacted, by `document_index`. */
function documentOffsets(
  places: readonly TextDocumentPlace[],
  offsets: readonly OffsetMap[],
): ReadonlyMap<number, OffsetMap> | undefined {
  const maps = new Map<number, OffsetMap>();
  places.forEach((place, k) => {
    const map = offsets[k];
    if (map?.length) maps.set(place.document, map);
  });
  return maps.size ? maps : undefined;
}

/**
 * One request's texts redacted with one session, or the request refused: 413 when the scan
 * would cost too much, 500 when it broke. Never the texts as they came.
 */
export async function redactOrRefuse(
  services: GatewayServices,
  config: PiiConfig,
  texts: string[],
  json: number[] = [],
  mapped: number[] = [],
): Promise<{ redacted: (string | null)[]; session: RedactionSession; offsets: OffsetMap[] }> {
  try {
    const result = await redactPromptTexts(services.deps, config, texts, json, mapped);
    if (!result.ok) {
      throw refused(redactionRefusal(result.problem, services.deps.config.piiScanBudgetMs));
    }
    return result;
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

/** An assistant message's tool calls' arguments, then its legacy function_call's (JSON texts). */
function callArguments(m: ChatMessage): string[] {
  const legacy = legacyArguments(m);
  if (!m.tool_calls?.length && legacy === undefined) return [];
  const args = (m.tool_calls ?? []).map((t) => t.function.arguments);
  return legacy === undefined ? args : [...args, legacy];
}

function legacyArguments(m: ChatMessage): string | undefined {
  const call = m.function_call as { arguments?: unknown } | null | undefined;
  return typeof call?.arguments === 'string' ? call.arguments : undefined;
}

/** The message with each call's arguments replaced by `take(arguments)`, in callArguments' order. */
function withArguments(m: ChatMessage, take: (text: string) => string): ChatMessage {
  const legacy = legacyArguments(m);
  if (!m.tool_calls?.length && legacy === undefined) return m;
  const next: ChatMessage = { ...m };
  if (m.tool_calls?.length) {
    next.tool_calls = m.tool_calls.map((t) => ({
      ...t,
      function: { ...t.function, arguments: take(t.function.arguments) },
    }));
  }
  if (legacy !== undefined)
    next.function_call = { ...(m.function_call as object), arguments: take(legacy) };
  return next;
}

/**
 * A participant's `name` (OpenAI passes it to the model, "alice@example.org" as often as
 * "alice"). A tool or legacy function message's name is the function's, which the tools name,
 * and stays.
 */
function nameTexts(m: ChatMessage): string[] {
  return hasParticipantName(m) ? [m.name as string] : [];
}

function withName(m: ChatMessage, take: (text: string) => string): ChatMessage {
  return hasParticipantName(m) ? { ...m, name: take(m.name as string) } : m;
}

function hasParticipantName(m: ChatMessage): boolean {
  return typeof m.name === 'string' && m.name !== '' && m.role !== 'tool' && m.role !== 'function';
}
