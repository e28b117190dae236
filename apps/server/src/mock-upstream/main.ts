import { startMockUpstream } from './server.ts';

// Standalone mock for the demo and benchmarks: `npm run mock-upstream`, PORT (default 9999).
const port = Number(process.env.PORT ?? 9999);
const mock = await startMockUpstream({ port, host: process.env.HOST ?? '127.0.0.1' });
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
