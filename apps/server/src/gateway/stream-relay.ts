import type { GatewayContext } from './context.ts';
import type { GatewayServices } from './services.ts';
import { record } from './stages/record.ts';
import {
  type ChatCompletionChunk,
  type ChatCompletionResponse,
  type FinishReason,
  GatewayError,
  type ToolCall,
} from './types.ts';
import type { UpstreamChatResult } from './upstream/client.ts';

/**
 * Passes upstream chunks to the caller as they arrive and records the request when the stream
 * ends: success with the provider's usage (or counted text), or an error when the upstream cut
 * the stream or the caller went away. A complete stream is also handed to `onComplete` as one
 * assembled answer (the cache keeps it).
 */
export async function* relayStream(
  ctx: GatewayContext,
  services: GatewayServices,
  result: Extract<UpstreamChatResult, { kind: 'stream' }>,
  onComplete: (response: ChatCompletionResponse) => void = () => {},
): AsyncGenerator<ChatCompletionChunk> {
  const answer = new StreamAssembly();
  let finished = false;
  try {
    for await (const chunk of result.chunks) {
      answer.add(chunk);
      yield chunk;
    }
    finished = true;
    const usage = result.translator.usage();
    record(ctx, services, {
      ok: true,
      httpStatus: 200,
      ...(usage ? { usage } : {}),
      responseText: answer.text(),
      ...(answer.model ? { answeredModel: answer.model } : {}),
    });
    if (usage) onComplete(answer.toResponse(ctx.requestId, usage));
  } catch (err) {
    finished = true;
    record(ctx, services, {
      ok: false,
      httpStatus: err instanceof GatewayError ? err.status : 502,
      errorMessage: (err as Error).message,
      responseText: answer.text(),
    });
    throw err;
  } finally {
    if (!finished) {
      // The consumer stopped early: the caller disconnected mid-stream.
      record(ctx, services, {
        ok: false,
        httpStatus: 499,
        errorMessage: 'Client closed the connection',
        responseText: answer.text(),
      });
    }
  }
}

/** Collects a streamed answer (first choice) back into one completion. */
class StreamAssembly {
  model: string | undefined;
  private content = '';
  private finish: FinishReason = null;
  private readonly calls = new Map<number, ToolCall>();

  add(chunk: ChatCompletionChunk): void {
    this.model ??= chunk.model;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return;
    if (choice.delta.content) this.content += choice.delta.content;
    for (const d of choice.delta.tool_calls ?? []) {
      const call = this.calls.get(d.index) ?? {
        id: '',
        type: 'function' as const,
        function: { name: '', arguments: '' },
      };
      if (d.id) call.id = d.id;
      if (d.function?.name) call.function.name += d.function.name;
      if (d.function?.arguments) call.function.arguments += d.function.arguments;
      this.calls.set(d.index, call);
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
  }

  text(): string {
    const calls = [...this.calls.values()].map(
      (c) => `${c.function.name}(${c.function.arguments})`,
    );
    return [this.content, ...calls].filter(Boolean).join('\n');
  }

  toResponse(id: string, usage: ChatCompletionResponse['usage']): ChatCompletionResponse {
    const calls = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
    return {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: this.model ?? '',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: this.content || null,
            ...(calls.length ? { tool_calls: calls } : {}),
          },
          finish_reason: this.finish,
        },
      ],
      usage,
    };
  }
}
