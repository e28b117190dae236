import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { type WordSignal, wordSignalsIn } from './word-signal.ts';

// Subjects where small models go wrong in ways the user does not notice, read from what the user
// asks: a system prompt's persona ('support agent for a bank') is not itself the task.
const TOPICS: WordSignal[] = [
  {
    reason: 'hard engineering topic',
    weight: 'hardEngineering',
    pattern:
      /\b(?:concurren\w*|thread[- ]safe\b|lock[- ]free\b|atomic\w*|memory ordering\b|distributed\b|consensus\b|consisten(?:cy|t)\b|exactly[- ]once\b|idempoten\w*|race condition\b|deadlock\w*|leak(?:s|ing)?\b|memory\b|partition\w*|replica\w*|shard\w*|failover\b|fault[- ]toleran\w*|crdts?\b|raft\b|paxos\b|interpreter\b|compiler\b|parser\b|cryptograph\w*|encrypt\w*|oauth\b|pkce\b|kubernetes\b|latency\b|throughput\b|p99\b)/i,
  },
  {
    reason: 'specialist domain (law, medicine, finance, security)',
    weight: 'specialistDomain',
    pattern:
      /\b(?:legal\b|law\b|contract\w*|clauses?\b|liabilit\w*|complian\w*|gdpr\b|regulat\w*|jurisdiction\b|patient\b|diagnos\w*|clinical\b|medication\b|prescri\w*|dosage\b|tax\w*|mortgage\b|valuation\b|liquidation\b|dilution\b|invest(?:ing|ment|ments)?\b|threat model\w*|vulnerab\w*|exploit\w*|security\b)/i,
  },
  {
    reason: 'states scale or performance targets',
    weight: 'scaleTargets',
    pattern:
      /\b\d+(?:\.\d+)?\s?(?:k|m|b|tb|gb|pb|million|billion)\b(?! ?(?:words?|pages?))|\bper second\b|\/s(?:ec)?\b|\b[qr]ps\b|\bunder \d+ ?ms\b/i,
  },
];

const topicsIn = wordSignalsIn(TOPICS);

export function detectTopics(text: RequestText): Signal[] {
  return topicsIn(text.userInstructions);
}
