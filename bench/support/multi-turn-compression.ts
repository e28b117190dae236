// CPU of compression with its exact counts on growing conversations, as the gateway runs it for a
// chat client that sends the whole conversation every turn: conversations built from the
// compression eval's messages (a system prompt, then user and assistant turns), each request
// counted through a per-request memo as the gateway's TokenCounts does, 32 MB read before each
// request (the gateway's other stages leave the caches cold). Prints CPU per request and a digest
// of every result (messages, counts, stages), so two builds can be shown to compress alike.
// `node --import tsx bench/support/multi-turn-compression.ts [turns=10] [conversations=40] [level=balanced]`
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type CompressionLevel, compressMessages } from '@tokenwise/compression';
import { countWith } from '@tokenwise/pricing';

const turns = Number(process.argv[2] ?? 10);
const conversations = Number(process.argv[3] ?? 40);
const level = (process.argv[4] ?? 'balanced') as CompressionLevel;

type Message = { role: string; content: string };
const rows = readFileSync('eval/data/compress/prompts.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { messages: { role: string; content: unknown }[] });
const texts = (role: string) =>
  rows.flatMap((r) =>
    r.messages.filter((m) => m.role === role && typeof m.content === 'string'),
  ) as Message[];
const [systems, users, assistants] = [texts('system'), texts('user'), texts('assistant')];
const pick = (list: Message[], i: number) => (list[i % list.length] as Message).content;

/** Every request of `conversations` conversations, turn by turn, each text marked with `tag`. */
function requests(tag: string, shift: number): Message[][] {
  const byTurn: Message[][][] = Array.from({ length: turns }, () => []);
  for (let c = 0; c < conversations; c++) {
    const messages = [{ role: 'system', content: `${pick(systems, c + shift)} (${tag}${c})` }];
    for (let t = 0; t < turns; t++) {
      messages.push({
        role: 'user',
        content: `${pick(users, c * 7 + t * 3 + shift)} (${tag}${t})`,
      });
      byTurn[t]?.push(messages.map((m) => ({ ...m })));
      messages.push({
        role: 'assistant',
        content: `${pick(assistants, c * 5 + t + shift)} (${tag})`,
      });
    }
  }
  return byTurn.flat();
}

const counter = () => {
  const counts = new Map<string, number>();
  return (text: string) => {
    let tokens = counts.get(text);
    if (tokens === undefined) {
      tokens = countWith('o200k_base', text);
      counts.set(text, tokens);
    }
    return tokens;
  };
};
const other = new Float64Array(4 * 1024 * 1024);
let read = 0;
const readOther = () => {
  for (let i = 0; i < other.length; i += 8) read += other[i] as number;
};

// Other conversations first, so the code is compiled and nothing measured is remembered yet.
for (const request of requests('w', 17))
  compressMessages(request, level, { countTokens: counter() });
const measured = requests('m', 0);
const digest = createHash('sha256');
let used = 0;
for (const request of measured) {
  readOther();
  const before = process.cpuUsage();
  const result = compressMessages(request, level, { countTokens: counter() });
  const spent = process.cpuUsage(before);
  used += spent.user + spent.system;
  const { messages, originalTokens, compressedTokens, stagesApplied } = result;
  digest.update(JSON.stringify([messages, originalTokens, compressedTokens, stagesApplied]));
}
console.log(
  `${conversations} conversations x ${turns} turns (${level}): ${Math.round(used / measured.length)} µs CPU per request; results digest ${digest.digest('hex').slice(0, 16)}`,
);
// Read, so the reads above are not optimised away.
if (read !== 0) console.log('(the other memory was not zero)');
