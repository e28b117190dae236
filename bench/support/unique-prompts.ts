import { faker } from '@faker-js/faker';

/**
 * Prompts that each ask something new in words of their own, so a semantic cache never answers
 * them: near-identical prompts ("Request 1: …", "Request 2: …") would be hits and skip the
 * provider call. Deterministic for a given seed.
 */
export function uniquePrompts(seed = 7): () => string {
  faker.seed(seed);
  const openings = Array.from(
    { length: 1_000 },
    () =>
      `Compare ${faker.hacker.noun()} and ${faker.science.chemicalElement().name} for a ${faker.animal.type()} shelter in ${faker.location.city()}: ${faker.hacker.phrase()} Reply to jane@example.com.`,
  );
  let sent = 0;
  return () => {
    sent += 1;
    const opening = openings[sent % openings.length] as string;
    return `${opening} (${faker.word.sample()} ${faker.word.sample()}, case ${sent})`;
  };
}

/**
 * The benches' small request: one new prompt each time to the OpenAI chat route, as closed-loop
 * load (`runLoad`) wants it, four clients by default.
 */
export function smallChatLoad(gateway: string, key: string, concurrency = 4) {
  const nextPrompt = uniquePrompts(11);
  return {
    origin: gateway,
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: () =>
      JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: nextPrompt() }],
      }),
    concurrency,
  };
}
