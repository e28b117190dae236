import { startMockUpstream } from './server.ts';

// Standalone mock for the demo and benchmarks: `npm run mock-upstream`, PORT (default 9999).
const rawPort = process.env.PORT?.trim() || '9999';
const port = Number(rawPort);
if (!/^\d+$/.test(rawPort) || port > 65535) {
  console.error(
    `Invalid configuration: PORT must be a port number from 0 to 65535 (the mock upstream's, default 9999), not "${rawPort}"`,
  );
  process.exit(1);
}
const mock = await startMockUpstream({ port, host: process.env.HOST ?? '127.0.0.1' });
// MOCK_PIECE_CHARS=n streams every answer in pieces of n characters instead of by words (benches:
// a provider streams about one token, ~4 characters, an event; the echo by words is ~35 events).
const pieceChars = Number(process.env.MOCK_PIECE_CHARS ?? 0);
if (pieceChars > 0) mock.setDefault({ pieceChars });
const names = {
  openai: 'OPENAI',
  anthropic: 'ANTHROPIC',
  gemini: 'GEMINI',
  mistral: 'MISTRAL',
  groq: 'GROQ',
};
console.log(`Mock upstream listening on ${mock.url}`);
for (const [provider, url] of Object.entries(mock.baseUrls)) {
  console.log(`${names[provider as keyof typeof names]}_BASE_URL=${url}`);
}

const stop = () => {
  mock.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
