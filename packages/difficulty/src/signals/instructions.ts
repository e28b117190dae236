import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { CUTOFFS, WEIGHTS } from '../weights.ts';
import { type WordSignal, wordSignalsIn } from './word-signal.ts';

// What the user asks the model to do, read from the instruction parts of the request. Each kind
// counts once however often its words appear, so repeating 'compare' does not inflate the score.
const KINDS: WordSignal[] = [
  {
    reason: 'asks for a proof',
    atLeastMedium: true,
    weight: 'proof',
    pattern:
      /\b(?:prove|proof|show that|derive|derivation|beweis\w*|prouve[rz]?|démontre[rz]?|demuestra|demostra\w*|demonstre|demonstrar|dimostra\w*|udowodni\w*|bewijs|bewijzen|bewijst|kanıtla\w*|ispatla\w*)\b|证明|証明|सिद्ध कर|أثبت|برهن|(?<![а-яё])(?:докаж|доказ)|증명/i,
  },
  {
    reason: 'asks for step-by-step reasoning',
    atLeastMedium: true,
    weight: 'stepByStep',
    pattern:
      /\b(?:step[- ]by[- ]step\b|think (?:it |this )?through\b|walk (?:me |us )?through\b|show (?:your|the|all) (?:work|steps|calculation)\b|justify\b|rigorous(?:ly)?\b|work through\b)/i,
  },
  {
    reason: 'asks for analysis or comparison',
    atLeastMedium: true,
    weight: 'analysis',
    pattern:
      /\b(?:analy[sz](?:e|es|is|ing)\b|compar(?:e|es|ing|ison)\b|trade-?offs?\b|pros and cons\b|evaluat(?:e|es|ing|ion)\b|critiqu\w*|critically\b|assess\b|reconcile\b|contradict\w*|risks?\b|argu(?:e|ment|ments)\b|evidence\b|(?:each|either|both) sides?\b|strongest case\b|analysier\w*|vergleich\w*|compar(?:er|ez|ar|a|e|em)\b|analiza\w*|compensaciones\b|analys(?:er|ez)\b|compromis\b|analis[ae]\w*|compromissos\b|analizz\w*|confronta\w*|compromessi\b)|[ée]value[rz]?\b|avalie\w*|valut(?:are|ate|i)\b|分析|比较|比較|权衡|トレードオフ|विश्लेषण|तुलना|حلل|تحليل|قارن|مقايض|(?<![а-яё])(?:проанализ|анализ|сравни|оцени)|компромисс|분석|비교|트레이드오프|평가/i,
  },
  {
    reason: 'asks for a design or plan',
    atLeastMedium: true,
    weight: 'design',
    pattern:
      /\b(?:design(?:s|ing)?\b|architect(?:ure|ures|ing)?\b|migrat(?:e|ion|ing)\b|roadmap\b|strategy\b|plan\b|redesign\b|entw(?:irf|erfen)\b|architektur\w*|conçoi[st]\b|concevoir\b|concevez\b|diseñ[ae]\w*|projet(?:e|ar|em)\b|arquitetura\b|progett(?:a|are|ate)\b|architettura\b)|设计|設計|架构|डिज़ाइन|डिजाइन|صمم|تصميم|(?<![а-яё])(?:спроектир|проектир|архитектур)|설계|아키텍처/i,
  },
  {
    reason: 'asks to debug',
    atLeastMedium: true,
    weight: 'debug',
    pattern:
      /\b(?:debug(?:ging)?\b|root cause\b|crash(?:es|ed|ing)?\b|bug\b|intermittent\w*|segfault\b|fail(?:s|ing)?\b|what(?:'s| is) (?:going on|wrong|happening)\b)/i,
  },
  {
    reason: 'asks for an explanation',
    weight: 'explanation',
    pattern:
      /\b(?:explain\w*\b|how (?:does|do|did) [^.?!\n]{1,80}\bwork\b|why (?:is|are|does|do|did|would)\b)/i,
  },
  {
    reason: 'asks for a detailed answer',
    weight: 'detailed',
    pattern:
      /\b(?:comprehensive\b|in[- ]depth\b|detailed\b|in detail\b|thorough(?:ly)?\b|exhaustive\b)/i,
  },
  {
    reason: 'asks for a short answer',
    weight: 'shortAnswer',
    pattern:
      /\b(?:briefly\b|short answer\b|keep it (?:short|brief)\b|in (?:a|one) (?:sentence|line|word)\b|one[- ]liner?\b|just (?:yes or no|the answer|a number)\b|tl;?dr\b)/i,
  },
  {
    reason: 'asks only to transform text',
    weight: 'transform',
    pattern:
      /\b(?:summar(?:y|ise|ize|ising|izing)\b|translat(?:e|ion)\b|proofread\b|paraphrase\b|fix (?:the )?(?:grammar|spelling|typos)\b|extract\b)/i,
  },
];

// Commas, semicolons and 'and' between requirements: 'cover ID generation, storage, caching,
// analytics and failover' asks for five things at once.
// The comma and semicolon of Chinese, Japanese and Arabic count the same.
// (French, Portuguese, Italian, Russian and Korean use the ASCII ones; decision 093 added their
// words for proofs, analyses and designs above.)
const REQUIREMENT_SEPARATOR = /[,;，、；،؛]|\band\b/gi;

const kindsIn = wordSignalsIn(KINDS);

export function detectInstructions(text: RequestText): Signal[] {
  const signals = kindsIn(text.instructions);
  const parts = (text.lastUser.match(REQUIREMENT_SEPARATOR)?.length ?? 0) + 1;
  if (parts >= CUTOFFS.MANY_PARTS_FROM) {
    signals.push({ reason: `${parts}-part request`, weight: WEIGHTS.manyParts });
  }
  return signals;
}
