import type { GatewayContext } from './context.ts';
import type { GatewayServices } from './services.ts';
import { record } from './stages/record.ts';
import { type ChatCompletionChunk, GatewayError } from './types.ts';
import type { UpstreamChatResult } from './upstream/client.ts';

/**
 * Passes upstream chunks to the caller as they arrive and records the request when the stream
 * ends: success with the provider's usage (or counted text), or an error when the upstream cut
 * the stream or the caller went away.
 */
export async function* relayStream(
  ctx: GatewayContext,
  services: GatewayServices,
  result: Extract<UpstreamChatResult, { kind: 'stream' }>,
): AsyncGenerator<ChatCompletionChunk> {
  let text = '';
  let answeredModel: string | undefined;
  let finished = false;
  try {
    for await (const chunk of result.chunks) {
      answeredModel ??= chunk.model;
      for (const choice of chunk.choices) {
        if (choice.delta.content) text += choice.delta.content;
        for (const call of choice.delta.tool_calls ?? []) {
          text += `${call.function?.name ?? ''}${call.function?.arguments ?? ''}`;
        }
      }
      yield chunk;
    }
    finished = true;
    record(ctx, services, {
      ok: true,
      httpStatus: 200,
      ...(result.translator.usage() ? { usage: result.translator.usage() } : {}),
      responseText: text,
      ...(answeredModel ? { answeredModel } : {}),
    });
  } catch (err) {
    finished = true;
    record(ctx, services, {
      ok: false,
      httpStatus: err instanceof GatewayError ? err.status : 502,
      errorMessage: (err as Error).message,
      responseText: text,
    });
    throw err;
  } finally {
    if (!finished) {
      // The consumer stopped early: the caller disconnected mid-stream.
      record(ctx, services, {
        ok: false,
        httpStatus: 499,
        errorMessage: 'Client closed the connection',
        responseText: text,
      });
    }
  }
}
