/** A chat completion's identity fields, as the provider stamps every chunk with them. */
export interface CompletionBase {
  id: string;
  created: number;
  model: string;
}

/**
 * OpenAI's refusal streamed as OpenAI sends it ("I'm sorry, " then "I can't help with that."),
 * for the mock's `raw` answer; with `usage`, the usage chunk `include_usage` asks for.
 */
export function streamedRefusal(base: CompletionBase, usage?: object): { data: unknown }[] {
  const chunk = (delta: object, finish: string | null = null) => ({
    data: {
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    },
  });
  return [
    chunk({ role: 'assistant', content: null, refusal: '' }),
    chunk({ refusal: "I'm sorry, " }),
    chunk({ refusal: "I can't help with that." }),
    chunk({}, 'stop'),
    ...(usage ? [{ data: { ...base, object: 'chat.completion.chunk', choices: [], usage } }] : []),
    { data: '[DONE]' },
  ];
}
