import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Json = Record<string, unknown>;

/** Past the semantic cache and compression: what the provider gets is what redaction left. */
const AS_SENT = {
  headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' },
};

/** One address per place caller text can stand, so a failure names the place that leaked. */
const at = (place: string) => `${place}@example.org`;

describe('PII redaction reaches every text the caller sends, in every wire format (decision 148)', () => {
  const f = useGatewayFixture();
  const upstream = () => JSON.stringify(f.mock.calls.at(-1)?.body);
  const sentNone = (places: string[]) => {
    const sent = upstream();
    const leaked = places.filter((p) => sent.includes(at(p)));
    assert.deepEqual(leaked, [], `reached the provider as written: ${leaked.join(', ')}`);
    assert.match(sent, /\[EMAIL_REDACTED_\d+\]/);
  };

  beforeEach(() => f.mock.reset());

  test('chat completions: system, developer, tool results as parts, tool definitions', async () => {
    const places = [
      'system',
      'developer',
      'tool-part',
      'tool-description',
      'param-description',
      'schema-description',
      'prediction',
    ];
    for (const model of ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4-5']) {
      await f.openai.chat.completions.create(
        {
          model,
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: 'contact',
              schema: {
                type: 'object',
                properties: { to: { type: 'string', description: at('schema-description') } },
              },
            },
          },
          prediction: { type: 'content', content: `To: ${at('prediction')}` },
          tools: [
            {
              type: 'function',
              function: {
                name: 'notify',
                description: `Mails ${at('tool-description')} when asked`,
                parameters: {
                  type: 'object',
                  properties: {
                    to: { type: 'string', description: `e.g. ${at('param-description')}` },
                  },
                },
              },
            },
          ],
          messages: [
            { role: 'system', content: `Support desk of ${at('system')}.` },
            {
              role: 'developer',
              content: [{ type: 'text', text: `Escalate to ${at('developer')}` }],
            },
            { role: 'user', content: 'Look the customer up' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } },
              ],
            },
            {
              role: 'tool',
              tool_call_id: 'c1',
              content: [{ type: 'text', text: `Found ${at('tool-part')}` }],
            },
          ],
        },
        AS_SENT,
      );
      sentNone(places);
    }
  });

  test('messages: system blocks, tool_result blocks, tool definitions, document title and context', async () => {
    const places = [
      'system-block',
      'tool-result-block',
      'tool-description',
      'schema-description',
      'document-title',
      'document-context',
      'document-text',
    ];
    await f.anthropic.messages.create(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        system: [{ type: 'text', text: `Support desk of ${at('system-block')}.` }],
        tools: [
          {
            name: 'lookup',
            // Over the 4 K characters scanned on the event loop: this prompt goes to the worker.
            description: `${'Looks customers up by name or number. '.repeat(120)}Mail ${at('tool-description')}`,
            input_schema: {
              type: 'object',
              properties: { q: { type: 'string', description: at('schema-description') } },
            },
          },
        ],
        messages: [
          { role: 'user', content: 'Look the customer up' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 't1',
                content: [{ type: 'text', text: `Found ${at('tool-result-block')}` }],
              },
              {
                type: 'document',
                source: {
                  type: 'text',
                  media_type: 'text/plain',
                  data: `Ask ${at('document-text')}`,
                },
                title: `Letter from ${at('document-title')}`,
                context: `Forwarded by ${at('document-context')}`,
              },
              { type: 'text', text: 'Who wrote it?' },
            ],
          },
        ],
      } satisfies Anthropic.MessageCreateParamsNonStreaming,
      AS_SENT,
    );
    sentNone(places);

    // An Anthropic caller's structured-output schema.
    await f.anthropic.beta.messages.create(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        betas: ['structured-outputs-2025-11-13'],
        output_format: {
          type: 'json_schema',
          schema: {
            type: 'object',
            properties: { to: { type: 'string', description: at('output-format') } },
          },
        },
        messages: [{ role: 'user', content: 'Whom should I mail?' }],
      },
      AS_SENT,
    );
    sentNone(['output-format']);
  });

  test('responses: instructions, every input item, tool definitions', async () => {
    const places = [
      'instructions',
      'developer-item',
      'system-item',
      'assistant-item',
      'output-part',
      'output-string',
      'tool-description',
      'param-description',
      'format-description',
      'format-schema',
    ];
    for (const model of ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4-5']) {
      await f.openai.responses.create(
        {
          model,
          text: {
            format: {
              type: 'json_schema',
              name: 'contact',
              description: `Whom to mail, like ${at('format-description')}`,
              schema: {
                type: 'object',
                properties: { to: { type: 'string', enum: [at('format-schema')] } },
              },
            },
          },
          instructions: `Support desk of ${at('instructions')}.`,
          tools: [
            {
              type: 'function',
              name: 'lookup',
              description: `Looks up ${at('tool-description')}`,
              parameters: {
                type: 'object',
                properties: { q: { type: 'string', description: at('param-description') } },
              },
              strict: false,
            },
          ],
          input: [
            { role: 'developer', content: [{ type: 'input_text', text: at('developer-item') }] },
            { role: 'system', content: at('system-item') },
            { role: 'user', content: 'Look the customer up' },
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              id: 'msg_1',
              content: [{ type: 'output_text', text: at('assistant-item'), annotations: [] }],
            },
            { type: 'function_call', call_id: 'c1', name: 'lookup', arguments: '{}' },
            {
              type: 'function_call_output',
              call_id: 'c1',
              output: [{ type: 'input_text', text: at('output-part') }],
            },
            { type: 'function_call', call_id: 'c2', name: 'lookup', arguments: '{}' },
            { type: 'function_call_output', call_id: 'c2', output: at('output-string') },
            { role: 'user', content: 'Who is it?' },
          ],
        },
        AS_SENT,
      );
      sentNone(places);
    }
  });

  test('a document given as content blocks reaches Claude redacted, and cited passages come back whole', async () => {
    // Before: a `content` source was refused as invalid input, and decision 146 took it to pass
    // natively, unread. Its text blocks are the caller's text like any other.
    const revenue = { type: 'text' as const, text: 'Revenue grew 10% in 2025.' };
    const contact = `For questions, call 415-555-2671 or write to ${at('content-block')}.`;
    const document: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: { type: 'content', content: [revenue, { type: 'text', text: contact }] },
      title: 'Annual report',
      citations: { enabled: true },
    };
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 200,
      messages: [{ role: 'user', content: [document, { type: 'text', text: 'Whom to ask?' }] }],
    };
    await f.anthropic.messages.create(asked, AS_SENT);
    const quoted = 'For questions, call [PHONE_REDACTED_1] or write to [EMAIL_REDACTED_1].';
    const body = f.mock.calls.at(-1)?.body as { messages: { content: Json[] }[] } | undefined;
    const sent = body?.messages[0]?.content[0];
    // The block as written, but for the values in its text.
    assert.deepEqual(sent, {
      ...document,
      source: {
        type: 'content',
        content: [revenue, { type: 'text', text: quoted }],
      },
    });

    // Claude quotes the block it was sent; the caller reads their own values, block indexes as is.
    const citation = {
      type: 'content_block_location',
      cited_text: quoted,
      document_index: 0,
      document_title: 'Annual report',
      start_block_index: 1,
      end_block_index: 2,
    };
    for (const stream of [false, true]) {
      f.mock.enqueue({ reply: 'Call [PHONE_REDACTED_1].', citations: [citation] });
      const answer = stream
        ? await f.anthropic.messages.stream(asked, AS_SENT).finalMessage()
        : await f.anthropic.messages.create(asked, AS_SENT);
      const cited = answer.content.find(
        (b): b is Anthropic.TextBlock => b.type === 'text' && Boolean(b.citations?.length),
      );
      assert.equal(cited?.text, 'Call 415-555-2671.', `stream: ${stream}`);
      assert.deepEqual(cited?.citations?.[0], {
        ...citation,
        cited_text: contact,
      });
    }

    // To another provider the blocks are the document's text.
    await f.anthropic.messages.create({ ...asked, model: 'openai/gpt-4o-mini' }, AS_SENT);
    const gpt = upstream();
    assert.match(gpt, /Revenue grew 10% in 2025/);
    assert.match(gpt, /\[EMAIL_REDACTED_1\]/);
    assert.doesNotMatch(gpt, /content-block@|"document"/);
  });

  // Before: a tool_result holding a search result or a document was a 400 (decision 148 left it),
  // and so was a search result at the top of a user turn, so a RAG agent could not use the gateway.
  test('search results and documents a tool returns reach Claude redacted as its own blocks, cited passages come back whole; elsewhere readable text (decision 162)', async () => {
    const searchResult: Anthropic.SearchResultBlockParam = {
      type: 'search_result',
      source: `https://wiki.example.com/people?owner=${at('search-source')}`,
      title: `Contract signed by ${at('search-title')}`,
      content: [
        { type: 'text', text: 'The contract runs until 2027.' },
        { type: 'text', text: `Questions go to ${at('search-text')}.` },
      ],
      citations: { enabled: true },
    };
    const document: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: {
        type: 'text',
        media_type: 'text/plain',
        data: `Minutes kept by ${at('tool-document-text')}`,
      },
      title: `Minutes from ${at('tool-document-title')}`,
      context: `Shared by ${at('tool-document-context')}`,
    };
    const contentDocument: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: {
        type: 'content',
        content: [{ type: 'text', text: `Appendix for ${at('tool-content-document')}` }],
      },
    };
    const topLevel: Anthropic.SearchResultBlockParam = {
      type: 'search_result',
      source: 'https://wiki.example.com/faq',
      title: 'FAQ',
      content: [{ type: 'text', text: `Escalations: ${at('user-search-result')}` }],
    };
    const places = [
      'search-source',
      'search-title',
      'search-text',
      'tool-document-text',
      'tool-document-title',
      'tool-document-context',
      'tool-content-document',
      'user-search-result',
    ];
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'claude-sonnet-4-5',
      max_tokens: 200,
      tools: [{ name: 'search', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'Who handles the contract?' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'search', input: { q: 'contract' } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [searchResult, document, contentDocument],
            },
            topLevel,
            { type: 'text', text: 'Whom should I write to?' },
          ],
        },
      ],
    };
    await f.anthropic.messages.create(asked, AS_SENT);
    sentNone(places);
    const body = f.mock.calls.at(-1)?.body as { messages: { content: Json[] }[] };
    const turn = body.messages[2]?.content ?? [];
    const [sentResult, sentDocument, sentContent] = (turn[0]?.content ?? []) as Json[];
    const email = /\[EMAIL_REDACTED_\d+\]/;
    // Anthropic's own blocks, as written but for the values in their texts.
    const placeholderOf = (text: unknown) => String(text).match(email)?.[0] ?? '';
    const sentText = (sentResult?.content as { text: string }[] | undefined)?.[1]?.text;
    assert.deepEqual(sentResult, {
      ...searchResult,
      source: searchResult.source.replace(at('search-source'), placeholderOf(sentResult?.source)),
      title: searchResult.title.replace(at('search-title'), placeholderOf(sentResult?.title)),
      content: [
        searchResult.content[0],
        { type: 'text', text: `Questions go to ${placeholderOf(sentText)}.` },
      ],
    });
    assert.equal(sentDocument?.type, 'document');
    assert.deepEqual(sentDocument?.source, {
      type: 'text',
      media_type: 'text/plain',
      data: `Minutes kept by ${placeholderOf((sentDocument?.source as Json | undefined)?.data)}`,
    });
    assert.match(String(sentDocument?.title), /^Minutes from \[EMAIL_REDACTED_\d+\]$/);
    assert.equal((sentContent?.source as Json | undefined)?.type, 'content');
    assert.equal(turn[1]?.type, 'search_result');

    // Claude cites the search result as it was sent; the caller reads their own values.
    const citation = {
      type: 'search_result_location',
      cited_text: sentText,
      search_result_index: 0,
      source: sentResult?.source,
      title: sentResult?.title,
      start_block_index: 1,
      end_block_index: 2,
    };
    for (const stream of [false, true]) {
      f.mock.enqueue({ reply: `Write to ${placeholderOf(sentText)}.`, citations: [citation] });
      const answer = stream
        ? await f.anthropic.messages.stream(asked, AS_SENT).finalMessage()
        : await f.anthropic.messages.create(asked, AS_SENT);
      const cited = answer.content.find(
        (b): b is Anthropic.TextBlock => b.type === 'text' && Boolean(b.citations?.length),
      );
      assert.equal(cited?.text, `Write to ${at('search-text')}.`, `stream: ${stream}`);
      assert.deepEqual(cited?.citations?.[0], {
        ...citation,
        cited_text: `Questions go to ${at('search-text')}.`,
        source: searchResult.source,
        title: searchResult.title,
      });
    }

    // To OpenAI the blocks are text the model reads: titles, sources and contents, redacted.
    const gptAsked = { ...asked, model: 'openai/gpt-4o-mini' };
    await f.anthropic.messages.create(gptAsked, AS_SENT);
    sentNone(places);
    const gpt = f.mock.calls.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    const toolText = String(gpt.messages.find((m) => m.role === 'tool')?.content);
    for (const words of [
      'Contract signed by [EMAIL_REDACTED_',
      'https://wiki.example.com/people?owner=[EMAIL_REDACTED_',
      'The contract runs until 2027.',
      'Questions go to [EMAIL_REDACTED_',
      'Minutes from [EMAIL_REDACTED_',
      'Shared by [EMAIL_REDACTED_',
      'Minutes kept by [EMAIL_REDACTED_',
      'Appendix for [EMAIL_REDACTED_',
    ])
      assert.ok(toolText.includes(words), `${words} in ${toolText}`);
    const userText = JSON.stringify(gpt.messages.at(-1)?.content);
    assert.match(userText, /FAQ/);
    assert.match(userText, /Escalations: \[EMAIL_REDACTED_\d+\]/);
    assert.doesNotMatch(JSON.stringify(gpt), /"search_result"|"document"/);
    // And the caller gets its own value back from GPT's answer.
    const gptPlaceholder = toolText.match(/Questions go to (\[EMAIL_REDACTED_\d+\])/)?.[1] ?? '';
    f.mock.enqueue({ reply: `Write to ${gptPlaceholder}.` }, 'openai');
    const answer = await f.anthropic.messages.create(gptAsked, AS_SENT);
    assert.deepEqual(
      answer.content.map((b) => (b.type === 'text' ? b.text : b.type)),
      [`Write to ${at('search-text')}.`],
    );

    // Gemini reads the same text, in its own shape.
    await f.anthropic.messages.create({ ...asked, model: 'gemini/gemini-2.5-flash' }, AS_SENT);
    assert.equal(f.mock.calls.at(-1)?.provider, 'gemini');
    sentNone(places);
    assert.match(upstream(), /Search result: Contract signed by \[EMAIL_REDACTED_\d+\]/);
    assert.match(upstream(), /Document: Minutes from \[EMAIL_REDACTED_\d+\]/);
  });

  test("a number in earlier tool calls' arguments that a detector reads is a placeholder string; the rest stay numbers", async () => {
    // Before: only strings were read, so `"phone": 4155552671` went as written (decision 114).
    const args = { phone: 4155552671, order_id: 2125550187, count: 3, ssn: 123456789 };
    const raw = ['4155552671', '123456789'];
    const expected = {
      phone: '[PHONE_REDACTED_1]',
      order_id: 2125550187,
      count: 3,
      ssn: '[SSN_REDACTED_1]',
    };
    f.mock.enqueue({ toolCall: { name: 'call', arguments: { phone: '[PHONE_REDACTED_1]' } } });
    const answer = await f.openai.chat.completions.create(
      {
        model: 'openai/gpt-4o-mini',
        tools: [{ type: 'function', function: { name: 'call', parameters: {} } }],
        messages: [
          { role: 'user', content: 'Call them again' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c1',
                type: 'function',
                function: { name: 'call', arguments: JSON.stringify(args) },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'no answer' },
        ],
      },
      AS_SENT,
    );
    const sent = f.mock.calls.at(-1)?.body as {
      messages: { tool_calls?: { function: { arguments: string } }[] }[];
    };
    for (const value of raw) assert.ok(!upstream().includes(value), value);
    assert.deepEqual(
      JSON.parse(sent.messages[1]?.tool_calls?.[0]?.function.arguments ?? ''),
      expected,
    );
    // The model can only repeat the placeholder as a string: the caller's tool gets the digits so.
    const call = answer.choices[0]?.message.tool_calls?.[0];
    assert.deepEqual(JSON.parse(call?.type === 'function' ? call.function.arguments : ''), {
      phone: '4155552671',
    });

    // Claude's tool_use input stays an object, the number a placeholder string.
    await f.anthropic.messages.create(
      {
        model: 'claude-sonnet-4-5',
        max_tokens: 100,
        tools: [{ name: 'call', input_schema: { type: 'object' } }],
        messages: [
          { role: 'user', content: 'Call them again' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'call', input: args }],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 't1', content: 'no answer' }],
          },
        ],
      },
      AS_SENT,
    );
    for (const value of raw) assert.ok(!upstream().includes(value), value);
    const claude = f.mock.calls.at(-1)?.body as { messages: { content: { input?: unknown }[] }[] };
    assert.deepEqual(claude.messages[1]?.content[0]?.input, expected);
  });

  test('legacy completions: the prompt and the suffix a text completion model writes before', async () => {
    await f.openai.completions.create(
      {
        model: 'gpt-3.5-turbo-instruct',
        prompt: `Dear ${at('prompt')},`,
        suffix: `Kind regards, ${at('suffix')}`,
      },
      AS_SENT,
    );
    assert.equal(f.mock.calls.at(-1)?.path, '/openai/v1/completions');
    sentNone(['prompt', 'suffix']);
  });
});
