import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';
const BYPASS = { headers: { 'x-tokenwise-cache': 'bypass' } };
/** A lone surrogate or a replacement character: text that was cut inside a character. */
const BROKEN = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\ufffd/;

describe('an international customer through the gateway, with the official SDKs', () => {
  const f = useGatewayFixture();
  const upstream = () => JSON.stringify(f.mock.calls.at(-1)?.body);

  test('international e-mails and phone numbers are redacted upstream and come back to the caller', async () => {
    const values = [
      'jürgen.müller@beispiel.de',
      'info@münchen.de',
      'josé@españa.es',
      '+44 20 7946 0958',
      '+91 98765 43210',
      '+49 30 123456',
      '06 12 34 56 78',
    ];
    const prompt = `Bitte kontaktiere ${values.slice(0, 3).join(', ')}. Appelez ${values.slice(3).join(' / ')}.`;
    const res = await f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content: prompt }] },
      BYPASS,
    );
    const sent = upstream();
    for (const v of values) assert.ok(!sent.includes(v), `upstream saw ${v}: ${sent}`);
    // No piece of a number either: "+49 30 123456 / 06 12 34" was one, and "56 78" went out.
    const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
    const content = body.messages[0]?.content;
    assert.doesNotMatch(content?.replace(/\[[A-Z]+_REDACTED_\d+\]/g, '') ?? '', /\d/, sent);
    const answer = res.choices[0]?.message.content ?? '';
    for (const v of values) assert.ok(answer.includes(v), `caller got ${v} back: ${answer}`);
  });

  test('addresses in other scripts and East Asian numbers written their way are redacted upstream and come back', async () => {
    // The mock echoes 200 characters: one request per line.
    const cases: [string, string[]][] = [
      [
        'Почта: пользователь@пример.рф, 邮箱：用户@例子.中国。Escribe a ñandú@correo.es.',
        ['пользователь@пример.рф', '用户@例子.中国', 'ñandú@correo.es'],
      ],
      [
        '電話番号は09012345678です。会社は03-1234-5678、携帯は０８０‐９８７６‐５４３２。',
        ['09012345678', '03-1234-5678', '０８０‐９８７６‐５４３２'],
      ],
      [
        '연락처: 010-1234-5678로 연락주세요. 我的手机号是13812345678，谢谢。Tel +81 90-1234-5678.',
        ['010-1234-5678', '13812345678', '+81 90-1234-5678'],
      ],
    ];
    for (const [prompt, values] of cases) {
      const res = await f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content: prompt }] },
        BYPASS,
      );
      const sent = upstream();
      for (const v of values) assert.ok(!sent.includes(v), `upstream saw ${v}: ${sent}`);
      const answer = res.choices[0]?.message.content ?? '';
      for (const v of values) assert.ok(answer.includes(v), `caller got ${v} back: ${answer}`);
    }
  });

  test('ordinary non-English text and numbers reach the provider untouched', async () => {
    for (const text of [
      'Die Rechnung Nr. 2024-001234 über 1.234,56 € ist fällig am 15.03.2024.',
      'Le prix est de 1 234 567 euros en 2023, soit 12 345 678 habitants.',
      '東京の人口は約14,000,000人です。',
      'مرحبا بالعالم، كم عمر الأرض؟ ٤٫٥ مليار سنة',
      'नमस्ते दुनिया, पृथ्वी की आयु ४.५ अरब वर्ष है',
      'שלום עולם 👨‍👩‍👧‍👦 🇩🇪 Cafe\u0301',
    ]) {
      await f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content: text }] },
        { headers: { ...BYPASS.headers, 'x-tokenwise-optimization-level': 'off' } },
      );
      const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
      assert.equal(body.messages[0]?.content, text);
    }
  });

  test('the zero-width spaces between Thai words reach the provider at every level', async () => {
    const thai = ['ผม', 'อยาก', 'ไป', 'กรุงเทพ', 'พรุ่งนี้', 'ช่วย', 'แปล', 'ให้', 'หน่อย'].join('\u200B');
    for (const level of ['conservative', 'balanced', 'aggressive']) {
      await f.openai.chat.completions.create(
        { model, messages: [{ role: 'user', content: `Please   translate this: ${thai}` }] },
        { headers: { ...BYPASS.headers, 'x-tokenwise-optimization-level': level } },
      );
      const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
      assert.ok(body.messages[0]?.content.includes(thai), `${level}: ${body.messages[0]?.content}`);
    }
  });

  test('a text given to translate reaches the provider with its greetings and thanks', async () => {
    for (const level of ['conservative', 'balanced']) {
      for (const content of [
        'Translate into French: Thank you very much.',
        'Translate into English:\nBonjour, je voudrais réserver une table.',
      ]) {
        await f.openai.chat.completions.create(
          { model, messages: [{ role: 'user', content }] },
          { headers: { ...BYPASS.headers, 'x-tokenwise-optimization-level': level } },
        );
        const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
        assert.equal(body.messages[0]?.content, content, level);
      }
    }
  });

  test('a streamed answer cut inside characters reaches the SDK and the log whole', async () => {
    const reply = 'Grüße 👨‍👩‍👧‍👦 🇯🇵 東京 مرحبا नमस्ते e\u0301 ok';
    for (const pieceChars of [1, 3]) {
      f.mock.enqueue({ reply, pieceChars });
      const stream = await f.openai.chat.completions.create(
        { model, stream: true, messages: [{ role: 'user', content: `stream ${pieceChars}` }] },
        BYPASS,
      );
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      assert.equal(text, reply);
      const row = (await f.logs())[0];
      assert.equal(row?.response_text, reply);
    }
  });

  test('PII placeholders cut across stream chunks are restored, in non-English text', async () => {
    const prompt = 'Schreib an jürgen.müller@beispiel.de oder ruf +49 30 123456 an. 日本語 👍🏽';
    for (const pieceChars of [1, 2, 5]) {
      const stream = await f.openai.chat.completions.create(
        { model, stream: true, messages: [{ role: 'user', content: prompt }] },
        { headers: { ...BYPASS.headers, 'x-tokenwise-optimization-level': 'off' } },
      );
      f.mock.enqueue({ pieceChars });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      assert.ok(text.includes('jürgen.müller@beispiel.de'), text);
      assert.ok(text.includes('+49 30 123456'), text);
      assert.doesNotMatch(text, BROKEN);
    }
  });

  /** Asks once and gives the cache's verdict (x-cache), after the store has settled. */
  const ask = async (content: string) => {
    const { response } = await f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] })
      .withResponse();
    await f.server.app.gateway.cache.settled();
    return response.headers.get('x-cache');
  };

  test('the semantic cache tells different non-English questions apart and serves exact repeats', async () => {
    const pairs = [
      ['Wie spät ist es in Berlin?', 'Wie spät ist es in Tokio?'],
      ['東京の天気はどうですか？', '大阪の天気はどうですか？'],
      ['كم عمر الأرض؟', 'كم عمر الشمس؟'],
      ['पृथ्वी की आयु क्या है?', 'सूरज की आयु क्या है?'],
      ['Quelle est la capitale de la France ?', "Quelle est la capitale de l'Espagne ?"],
    ];
    for (const [a, b] of pairs) {
      assert.equal(await ask(a as string), 'MISS', a);
      assert.equal(await ask(b as string), 'MISS', `${b} is not ${a}`);
      assert.equal(await ask(a as string), 'HIT', `${a} again`);
    }
  });

  test('a question and its negation in Chinese, Japanese, Korean, Russian, Arabic or Hindi are two questions to the cache', async () => {
    const pairs = [
      ['如何使用这个功能来导出报表？', '如何不使用这个功能来导出报表？'],
      ['我有足够的钱买这套房子吗？', '我没有足够的钱买这套房子吗？'],
      ['このアプリで写真を保存できますか？', 'このアプリで写真を保存できませんか？'],
      ['이 카드를 해외에서 사용할 수 있나요?', '이 카드를 해외에서 사용할 수 없나요?'],
      ['이 앱을 매일 사용해요?', '이 앱을 매일 안 사용해요?'],
      [
        'Я могу принимать это лекарство во время беременности?',
        'Я не могу принимать это лекарство во время беременности?',
      ],
      ['هل يمكنني استخدام هذه البطاقة في الخارج؟', 'هل لا يمكنني استخدام هذه البطاقة في الخارج؟'],
      ['क्या मैं यह दवा खाली पेट ले सकता हूँ?', 'क्या मैं यह दवा खाली पेट नहीं ले सकता हूँ?'],
    ];
    const served: string[] = [];
    for (const level of ['balanced', 'aggressive']) {
      await f.user.api('PUT', '/v1/settings', { optimization_level: level });
      for (const [yes, no] of pairs) {
        await ask(`${yes} (${level})`);
        if ((await ask(`${no} (${level})`)) !== 'MISS') served.push(`${level}: ${no}`);
      }
    }
    await f.user.api('PUT', '/v1/settings', { optimization_level: 'balanced' });
    assert.deepEqual(served, []);
  });

  test('with routing on, a hard task written in German, Chinese, Russian or Korean stays on the model asked for', async () => {
    await f.user.api('PUT', '/v1/routing/config', {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    });
    try {
      for (const content of [
        'Entwirf ein verteiltes, fehlertolerantes Konsensprotokoll für eine Datenbank über mehrere Regionen, beweise seine Sicherheit bei Netzwerkpartitionen, analysiere die Latenz-Kompromisse und implementiere die Leader-Wahl in Rust mit Tests.',
        '为多区域数据库设计一个分布式、容错的共识协议，证明其在网络分区下的安全性，分析延迟权衡，并用Rust实现领导者选举及测试。',
        'Спроектируйте распределённый отказоустойчивый протокол консенсуса для многорегиональной базы данных, докажите его безопасность при разделении сети, проанализируйте компромиссы задержки и реализуйте выбор лидера на Rust с тестами.',
        '다중 리전 데이터베이스를 위한 분산형 내결함성 합의 프로토콜을 설계하고, 네트워크 분할 상황에서의 안전성을 증명하고, 지연 시간의 트레이드오프를 분석하고, Rust로 리더 선출을 테스트와 함께 구현하세요.',
      ]) {
        await f.openai.chat.completions.create(
          { model: 'openai/gpt-4o', messages: [{ role: 'user', content }] },
          BYPASS,
        );
        assert.equal(
          (f.mock.calls.at(-1)?.body as { model?: string } | undefined)?.model,
          'gpt-4o',
          content,
        );
        const row = (await f.logs())[0];
        assert.equal(row?.was_routed, 0);
        assert.equal(row?.difficulty, 'complex');
        assert.ok((row?.tokens_in ?? 0) > 0);
      }
    } finally {
      await f.user.api('PUT', '/v1/routing/config', { enabled: false });
    }
  });

  test('an Anthropic stream cut inside characters reaches @anthropic-ai/sdk whole', async () => {
    const reply = 'Grüße 👨‍👩‍👧‍👦 🇯🇵 東京 مرحبا नमस्ते e\u0301 ok';
    f.mock.enqueue({ reply, pieceChars: 1 }, 'anthropic');
    const stream = f.anthropic.messages.stream(
      {
        model: 'anthropic/claude-3-5-haiku-latest',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Sag Hallo 👋' }],
      },
      BYPASS,
    );
    const message = await stream.finalMessage();
    assert.deepEqual(message.content, [{ type: 'text', text: reply }]);
  });

  test('at the aggressive level, a German question and its negation are two questions to the cache', async () => {
    await f.user.api('PUT', '/v1/settings', { optimization_level: 'aggressive' });
    try {
      const yes = 'Ich habe viel Geld und möchte es sicher in Aktien investieren.';
      const no = 'Ich habe nicht viel Geld und möchte es sicher in Aktien investieren.';
      assert.equal(await ask(yes), 'MISS');
      assert.equal(await ask(no), 'MISS', 'pruning once made both "Ich viel Geld ..."');
      const body = f.mock.calls.at(-1)?.body as { messages: { content: string }[] };
      assert.ok(body.messages[0]?.content.includes('nicht'), body.messages[0]?.content);
    } finally {
      await f.user.api('PUT', '/v1/settings', { optimization_level: 'balanced' });
    }
  });
});
