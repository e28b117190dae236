/** One way to send the first request, ready to paste: the base URL and key are filled in. */
export interface Snippet {
  id: 'curl' | 'node' | 'python' | 'anthropic';
  label: string;
  code: string;
}

/** What the snippets say when the account has no gateway key yet. */
export const KEY_PLACEHOLDER = '<your Tokenwise API key>';

/**
 * The gateway speaks each SDK's own protocol: OpenAI clients take `<origin>/v1` as their base URL,
 * the Anthropic client takes the origin and adds `/v1/messages` itself.
 */
export function firstRequestSnippets(origin: string, key: string | undefined): Snippet[] {
  const apiKey = key ?? KEY_PLACEHOLDER;
  const baseUrl = `${origin}/v1`;
  const question = 'Say hello from Tokenwise!';
  return [
    {
      id: 'curl',
      label: 'curl',
      code: [
        `curl ${baseUrl}/chat/completions \\`,
        `  -H "Authorization: Bearer ${apiKey}" \\`,
        '  -H "Content-Type: application/json" \\',
        `  -d '{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "${question}"}]}'`,
      ].join('\n'),
    },
    {
      id: 'node',
      label: 'Node (openai)',
      code: [
        "import OpenAI from 'openai';",
        '',
        `const client = new OpenAI({ apiKey: '${apiKey}', baseURL: '${baseUrl}' });`,
        'const answer = await client.chat.completions.create({',
        "  model: 'gpt-4o-mini',",
        `  messages: [{ role: 'user', content: '${question}' }],`,
        '});',
        'console.log(answer.choices[0].message.content);',
      ].join('\n'),
    },
    {
      id: 'python',
      label: 'Python (openai)',
      code: [
        'from openai import OpenAI',
        '',
        `client = OpenAI(api_key="${apiKey}", base_url="${baseUrl}")`,
        'answer = client.chat.completions.create(',
        '    model="gpt-4o-mini",',
        `    messages=[{"role": "user", "content": "${question}"}],`,
        ')',
        'print(answer.choices[0].message.content)',
      ].join('\n'),
    },
    {
      id: 'anthropic',
      label: 'Node (@anthropic-ai/sdk)',
      code: [
        "import Anthropic from '@anthropic-ai/sdk';",
        '',
        `const client = new Anthropic({ apiKey: '${apiKey}', baseURL: '${origin}' });`,
        'const answer = await client.messages.create({',
        "  model: 'claude-3-5-haiku-latest',",
        '  max_tokens: 256,',
        `  messages: [{ role: 'user', content: '${question}' }],`,
        '});',
        'console.log(answer.content);',
      ].join('\n'),
    },
  ];
}
