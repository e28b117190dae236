/**
 * Every weight the scorer adds, in one place so the README table and the code cannot drift apart
 * silently. Units are "bands": the token base spans one band per threshold interval, so +0.5 moves a
 * request half-way through a band.
 */
export const WEIGHTS = {
  /** Fenced code, several code-like lines, or a request to write or change code. */
  code: 0.3,
  /** A stack trace or error log the answer depends on. */
  errorLog: 0.2,
  /** Equations, LaTeX, maths vocabulary. */
  math: 0.5,
  /** 'prove', 'show that', 'derive'. */
  proof: 1.5,
  /** 'step by step', 'walk me through', 'justify', 'rigorous'. */
  stepByStep: 0.8,
  /** 'analyse', 'compare', 'trade-offs', 'evaluate', 'reconcile'. */
  analysis: 1.0,
  /** 'design', 'architecture', 'migration', 'strategy', 'plan'. */
  design: 1.0,
  /** 'debug', 'root cause', 'crash', 'what's going on'. */
  debug: 0.7,
  /** 'explain', 'how does X work', 'why is'. */
  explanation: 0.8,
  /** 'comprehensive', 'in depth', 'detailed', 'thorough'. */
  detailed: 0.5,
  /** 'briefly', 'in one sentence', 'keep it short'. */
  shortAnswer: -0.4,
  /** 'summarise', 'translate', 'proofread', 'extract': the work is bounded by the given text. */
  transform: -0.5,
  /** The latest message asks for CUTOFFS.MANY_PARTS_FROM or more things (commas, semicolons, 'and'). */
  manyParts: 0.6,
  /** Concurrency, distributed systems, consistency, cryptography, parsers, performance. */
  hardEngineering: 0.8,
  /** Law, medicine, finance, security. */
  specialistDomain: 0.8,
  /** '10k writes per second', '200M rows', 'under 100 ms'. */
  scaleTargets: 0.6,
  /** Asks for at least CUTOFFS.LONG_WORDS words (or pages), or max_tokens of CUTOFFS.LONG_MAX_TOKENS. */
  longOutput: 0.8,
  /** Asks for at least CUTOFFS.MEDIUM_WORDS words, or max_tokens of CUTOFFS.MEDIUM_MAX_TOKENS. */
  mediumOutput: 0.4,
  /** max_tokens at most CUTOFFS.SHORT_MAX_TOKENS: the caller wants a label or a yes/no. */
  shortOutput: -0.5,
  /** Any tools offered. */
  tools: 0.3,
  /** Each tool beyond the first, up to toolsCap in total. */
  perExtraTool: 0.1,
  toolsCap: 0.7,
  /** response_format json_schema: the answer must fit a given structure. */
  jsonSchema: 0.3,
  /** response_format json_object. */
  jsonObject: 0.1,
  /** A short request after a system prompt that is most of the text. */
  personaOnly: -0.5,
  /** The latest message only says 'thanks', 'ok', 'got it'. */
  acknowledgement: -1.0,
  /** Any image parts. */
  images: 0.3,
  /** Each user turn beyond the first, up to turnsCap in total. */
  perExtraTurn: 0.15,
  turnsCap: 0.6,
  /** Each question in the latest message beyond the first, up to questionsCap in total. */
  perExtraQuestion: 0.2,
  questionsCap: 0.6,
} as const;

/** Counts at which a signal starts to fire. */
export const CUTOFFS = {
  MANY_PARTS_FROM: 6,
  LONG_WORDS: 1500,
  MEDIUM_WORDS: 600,
  WORDS_PER_PAGE: 400,
  LONG_MAX_TOKENS: 4000,
  MEDIUM_MAX_TOKENS: 1500,
  SHORT_MAX_TOKENS: 16,
} as const;
