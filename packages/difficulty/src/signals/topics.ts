import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { firstMatch, type WordSignal } from './word-signal.ts';

// Subjects where small models go wrong in ways the user does not notice, read from what the user
// asks: a system prompt's persona ('support agent for a bank') is not itself the task.
const TOPICS: WordSignal[] = [
  {
    reason: 'hard engineering topic',
    weight: 'hardEngineering',
    pattern:
      /\bconcurren\w*|\bthread[- ]safe\b|\block[- ]free\b|\batomic\w*|\bmemory ordering\b|\bdistributed\b|\bconsensus\b|\bconsisten(?:cy|t)\b|\bexactly[- ]once\b|\bidempoten\w*|\brace condition\b|\bdeadlock\w*|\bleak(?:s|ing)?\b|\bmemory\b|\bpartition\w*|\breplica\w*|\bshard\w*|\bfailover\b|\bfault[- ]toleran\w*|\bcrdts?\b|\braft\b|\bpaxos\b|\binterpreter\b|\bcompiler\b|\bparser\b|\bcryptograph\w*|\bencrypt\w*|\boauth\b|\bpkce\b|\bkubernetes\b|\blatency\b|\bthroughput\b|\bp99\b/i,
  },
  {
    reason: 'specialist domain (law, medicine, finance, security)',
    weight: 'specialistDomain',
    pattern:
      /\blegal\b|\blaw\b|\bcontract\w*|\bclauses?\b|\bliabilit\w*|\bcomplian\w*|\bgdpr\b|\bregulat\w*|\bjurisdiction\b|\bpatient\b|\bdiagnos\w*|\bclinical\b|\bmedication\b|\bprescri\w*|\bdosage\b|\btax\w*|\bmortgage\b|\bvaluation\b|\bliquidation\b|\bdilution\b|\binvest(?:ing|ment|ments)?\b|\bthreat model\w*|\bvulnerab\w*|\bexploit\w*|\bsecurity\b/i,
  },
  {
    reason: 'states scale or performance targets',
    weight: 'scaleTargets',
    pattern:
      /\b\d+(?:\.\d+)?\s?(?:k|m|b|tb|gb|pb|million|billion)\b(?! ?(?:words?|pages?))|\bper second\b|\/s(?:ec)?\b|\b[qr]ps\b|\bunder \d+ ?ms\b/i,
  },
];

export function detectTopics(text: RequestText): Signal[] {
  return TOPICS.map((topic) => firstMatch(topic, text.userInstructions)).filter((s) => s !== null);
}
