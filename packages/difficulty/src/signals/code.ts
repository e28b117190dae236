import { isCodeLine, isLogLine } from '../code-lines.ts';
import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { WEIGHTS } from '../weights.ts';

// A request to produce or change code: a verb and a programming artefact in the same sentence.
const CODE_VERB =
  /\b(?:write|implement|build|code|create|generate|refactor|rewrite|port|convert|fix|make|implementier\w*|programmier\w*|schreib\w*|implémente[rz]?|écri[st]\w*|implementa\w*|escrib\w*|implemente[mn]?|escrev\w*|scriv\w*)\b|[ée]cri(?:re|s|t|v)\w*|实现|编写|実装|書いて|लागू कर|लिख|نفذ|اكتب|(?<![а-яё])(?:реализу|напиш)|구현|작성/i;
const CODE_ARTEFACT =
  /\b(?:function|method|class|script|snippet|query|regexp?|component|endpoint|program|module|library|middleware|dockerfile|workflow|unit tests?|tests?|interpreter|parser|sql|python|javascript|typescript|java|kotlin|swift|rust|golang|bash|shell|terraform|react|express|fastapi|django|rails|one-liner|data class|code|funktion|fonction|función|pruebas|função|funções|testes|funzione|funzioni)\b|(?<![а-яё])(?:функци|тест|код(?![а-яё]))|함수|테스트|코드|\bin (?:Go|C|C\+\+|C#)\b|函数|関数|代码|コード|测试|テスト|اختبار|دالة|कोड|परीक्षण/i;

// One line that looks like code happens in prose ('a && b'); two rarely do.
const MIN_CODE_LINES = 2;

export function detectCode(text: RequestText): Signal[] {
  const signals: Signal[] = [];
  const { codeLines, logLines } = countCodeAndLogLines(text.all);
  const fenced = text.all.includes('```');
  if (fenced || codeLines >= MIN_CODE_LINES) {
    const reason = fenced ? 'contains code block' : 'contains code';
    signals.push({ reason, weight: WEIGHTS.code, atLeastMedium: true });
  } else if (asksForCode(text.instructions)) {
    signals.push({ reason: 'asks to write code', weight: WEIGHTS.code, atLeastMedium: true });
  }
  if (logLines > 0) {
    signals.push({
      reason: 'contains stack trace or error log',
      weight: WEIGHTS.errorLog,
      atLeastMedium: true,
    });
  }
  return signals;
}

function countCodeAndLogLines(all: string): { codeLines: number; logLines: number } {
  let codeLines = 0;
  let logLines = 0;
  for (const line of all.split('\n')) {
    if (isLogLine(line)) logLines += 1;
    else if (isCodeLine(line)) codeLines += 1;
  }
  return { codeLines, logLines };
}

function asksForCode(instructions: string): boolean {
  // A sentence ends at a character that is not a word character, so a verb or artefact found in
  // one sentence is found in the whole text too: most texts miss one of them and need no split.
  if (!CODE_VERB.test(instructions) || !CODE_ARTEFACT.test(instructions)) return false;
  return instructions
    .split(/[.!?\n]+/)
    .some((sentence) => CODE_VERB.test(sentence) && CODE_ARTEFACT.test(sentence));
}
