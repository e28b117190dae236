import type { ChatCompletionChunk, ProviderId, UpstreamTarget } from '../../types.ts';
import type { HttpRequestSpec, StreamTranslator } from '../provider-adapter.ts';

/** A target pointing at a placeholder base URL, for tests that only build requests. */
export function targetFor(
  provider: ProviderId,
  over: Partial<UpstreamTarget> = {},
): UpstreamTarget {
  return {
    provider,
    model: 'native-model',
    apiKey: 'sk-test',
    baseUrl: 'https://provider.test/v1',
    ...over,
  };
}

/** The JSON body of a built request, as the provider would read it. */
export function bodyOf(spec: HttpRequestSpec): Record<string, unknown> {
  return JSON.parse(JSON.stringify(spec.json ?? {})) as Record<string, unknown>;
}

export const META = { id: 'chatcmpl-gw', created: 1_700_000_000 };

/** Feeds JSON events to a translator and returns every chunk it produced, `end()` included. */
export function translate(
  translator: StreamTranslator,
  events: (Record<string, unknown> | string)[],
): ChatCompletionChunk[] {
  const out = events.flatMap((e) =>
    translator.push(
      typeof e === 'string'
        ? { data: e }
        : { event: String(e.type ?? ''), data: JSON.stringify(e) },
    ),
  );
  return [...out, ...translator.end()];
}
