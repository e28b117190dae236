import type { ReplyPlan } from '../reply-plan.ts';
import type { ParsedRequest } from '../types.ts';
import { type Dialect, type Json, list, type MockRefusal, type SseOut, str } from './dialect.ts';
import { groundingMetadata, offeredGoogleSearch } from './gemini-grounding.ts';
import {
  checkThoughtSignatures,
  signedCall,
  signsThoughts,
  thoughtSignature,
} from './gemini-signatures.ts';
import { checkGeminiThinking } from './gemini-thinking.ts';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** `/v1beta/models/<model>:<method>` → model and method. */
export function geminiRoute(pathname: string): { model: string; method: string } | undefined {
  const match = /\/v1beta\/models\/([^/:]+):([A-Za-z]+)$/.exec(pathname);
  return match?.[1] && match[2]
    ? { model: decodeURIComponent(match[1]), method: match[2] }
    : undefined;
}

/**
 * Gemini API: key in x-goog-api-key (or ?key=), contents/parts, usageMetadata on every event.
 * Gemini 3 models sign function calls and the answer's last text part, and refuse a tool-use turn
 * whose calls come back without their signature.
 */
export const geminiDialect: Dialect = {
  checkHeaders(headers, url) {
    if (headers['x-goog-api-key'] || url.searchParams.get('key')) return undefined;
    // Gemini's answer to a missing or unknown key is a 400, the reason in its ErrorInfo.
    return {
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
      code: 'API_KEY_INVALID',
    };
  },

  parseChat(body, url): ParsedRequest | MockRefusal {
    const contents = list(body.contents);
    if (contents.length === 0)
      return {
        status: 400,
        message: '* GenerateContentRequest.contents: contents is not specified',
      };
    const route = geminiRoute(url.pathname);
    const unsigned = signsThoughts(route?.model ?? '')
      ? checkThoughtSignatures(contents)
      : undefined;
    if (unsigned) return unsigned;
    const thinking = checkGeminiThinking(route?.model ?? '', body);
    if (thinking) return thinking;
    const googleSearch = offeredGoogleSearch(route?.model ?? '', body.tools);
    if (typeof googleSearch !== 'boolean') return googleSearch;
    const system = readParts((body.systemInstruction as Json | undefined)?.parts).text;
    const texts = [system];
    const images: string[] = [];
    let lastUserText = '';
    for (const content of contents) {
      const { text, urls } = readParts(content.parts);
      texts.push(text);
      images.push(...urls);
      if (content.role !== 'model') lastUserText = text;
    }
    return {
      model: route?.model ?? '',
      stream: route?.method === 'streamGenerateContent',
      includeUsage: true,
      lastUserText,
      allText: texts.join('\n'),
      images,
      toolNames: list(body.tools).flatMap((t) =>
        list(t.functionDeclarations).map((d) => str(d.name)),
      ),
      system,
      ...(googleSearch ? { googleSearch } : {}),
    };
  },

  answer(plan) {
    return {
      ...event(
        plan,
        plan.toolCall ? [callPart(plan)] : [textPart(plan, plan.text, true)],
        'STOP',
        groundingMetadata(plan),
      ),
      usageMetadata: usageOf(plan),
    };
  },

  stream(plan) {
    const report = !plan.omitStreamUsage;
    const partial = { promptTokenCount: plan.usage.input, totalTokenCount: plan.usage.input };
    const withUsage = (e: Json, final: boolean): SseOut => ({
      data: report ? { ...e, usageMetadata: final ? usageOf(plan) : partial } : e,
    });
    if (plan.toolCall) return [withUsage(event(plan, [callPart(plan)], 'STOP'), true)];
    return plan.pieces.map((piece, i) => {
      const last = i === plan.pieces.length - 1;
      const grounding = last ? groundingMetadata(plan) : undefined;
      const parts = [textPart(plan, piece, last)];
      return withUsage(event(plan, parts, last ? 'STOP' : undefined, grounding), last);
    });
  },

  retryDelayInBody: true,

  error(status, message, code, _param, retryAfterSeconds) {
    const error = { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' };
    // Gemini's 429 names its wait in a google.rpc.RetryInfo detail, with no retry-after header.
    if (retryAfterSeconds !== undefined) {
      const retry = {
        '@type': 'type.googleapis.com/google.rpc.RetryInfo',
        retryDelay: `${retryAfterSeconds}s`,
      };
      return { error: { ...error, details: [retry] } };
    }
    if (!code) return { error };
    // A reason (API_KEY_INVALID) travels in a google.rpc.ErrorInfo detail, as Gemini sends it.
    const info = {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: code,
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    };
    return { error: { ...error, details: [info] } };
  },

  embeddings: {
    parse(body, url) {
      const requests = body.requests ? list(body.requests) : [body];
      const first = requests[0];
      return {
        model: geminiRoute(url.pathname)?.model ?? '',
        single: !body.requests,
        texts: requests.map((r) => readParts((r.content as Json | undefined)?.parts).text),
        ...(typeof first?.outputDimensionality === 'number'
          ? { dimensions: first.outputDimensionality }
          : {}),
      };
    },
    answer: (vectors, input) =>
      input.single
        ? { embedding: { values: vectors[0] } }
        : { embeddings: vectors.map((values) => ({ values })) },
  },
};

function event(plan: ReplyPlan, parts: Json[], finishReason?: string, grounding?: Json): Json {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(finishReason ? { finishReason } : {}),
        ...(grounding ? { groundingMetadata: grounding } : {}),
        index: 0,
      },
    ],
    modelVersion: plan.model,
    responseId: plan.id,
  };
}

function callPart(plan: ReplyPlan): Json {
  const call = { name: plan.toolCall?.name, args: plan.toolCall?.arguments };
  return signsThoughts(plan.model)
    ? { functionCall: call, thoughtSignature: thoughtSignature(signedCall(call)) }
    : { functionCall: call };
}

/** A piece of the answer; Gemini 3 signs the last part of an answer without function calls. */
function textPart(plan: ReplyPlan, text: string, last: boolean): Json {
  return last && signsThoughts(plan.model)
    ? { text, thoughtSignature: thoughtSignature(plan.text) }
    : { text };
}

function usageOf(plan: ReplyPlan) {
  const { input, output } = plan.usage;
  const cached = plan.cacheTokens.read;
  return {
    promptTokenCount: input,
    candidatesTokenCount: output,
    totalTokenCount: input + output,
    // Gemini's context cache (implicit on 2.5): the part of promptTokenCount read from it.
    ...(cached > 0 ? { cachedContentTokenCount: cached } : {}),
  };
}

/** Text (function calls and answers as JSON) and media of one content's parts. */
function readParts(parts: unknown): { text: string; urls: string[] } {
  const texts: string[] = [];
  const urls: string[] = [];
  for (const part of list(parts)) {
    if (typeof part.text === 'string') texts.push(part.text);
    if (part.functionCall) texts.push(JSON.stringify((part.functionCall as Json).args ?? {}));
    if (part.functionResponse)
      texts.push(JSON.stringify((part.functionResponse as Json).response ?? {}));
    const inline = part.inlineData as Json | undefined;
    if (inline) urls.push(`data:${str(inline.mimeType)};base64,${str(inline.data)}`);
    const file = part.fileData as Json | undefined;
    if (file) urls.push(str(file.fileUri));
  }
  return { text: texts.join('\n'), urls };
}
