import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ProviderApiKey } from '@tokenwise/contracts';
import { PROVIDER_IDS, type ProviderId } from '@tokenwise/pricing/providers';
import { z } from 'zod';
import { ensurePrivateDir } from '../lib/private-files.ts';
import { storageFailure } from '../lib/storage-failure.ts';
import { type TrustProxy, TrustProxySetting } from './trust-proxy.ts';

/**
 * A whole number in a range, refused in one sentence that says what to write: zod's own words
 * ('Invalid input: expected number, received NaN') name no range.
 */
function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A whole number that is 0 (off) or within a range. */
function zeroOr(min: number, max: number) {
  const error = `must be 0 or ${min} to ${max}`;
  return z.coerce
    .number({ error })
    .int({ error })
    .refine((n) => n === 0 || (n >= min && n <= max), { error });
}

/** A number above 0 (fractions allowed) up to a bound. */
function aboveZero(max: number, kind: string) {
  const error = `must be ${kind} above 0, up to ${max}`;
  return z.coerce.number({ error }).gt(0, { error }).max(max, { error });
}

const port = wholeNumber(0, 65535);

/**
 * Whether a value parses whole as a URL of one of these schemes (and names a host, when asked):
 * checked here so a malformed one is named at start instead of failing deep in a client library.
 * The value itself is never echoed: it may hold a password.
 */
function isUrlOf(value: string, schemes: string[], needsHost: boolean): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return schemes.includes(url.protocol.slice(0, -1)) && (!needsHost || url.hostname !== '');
}

// 'localhost:9999/v1' parses as a URL of scheme 'localhost:': only http and https are taken.
const optionalUrl = z
  .string()
  .refine((v) => isUrlOf(v, ['http', 'https'], true), 'must be an http:// or https:// URL')
  .optional();

/**
 * Every environment variable the server reads; README's configuration table mirrors this
 * (env-readme.test.ts checks each name and default against it).
 */
export const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      // A socket directory may stand in for the host: postgres:///db?host=/var/run/postgresql.
      (v) => /^sqlite:\/\/.+$/.test(v) || isUrlOf(v, ['postgres', 'postgresql'], false),
      'must be sqlite:///path or a URL like postgres://user:password@host:5432/db',
    )
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  SUPERADMIN_EMAILS: z.string().default(''),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z
    .string()
    .refine(
      (v) => isUrlOf(v, ['smtp', 'smtps'], true),
      'must be a URL like smtp://user:password@host:587 or smtps://…',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be a sender like Tokenwise <no-reply@example.com>')
    .default('Tokenwise <no-reply@tokenwise.local>'),
  REDIS_URL: z
    .string()
    .refine(
      (v) => isUrlOf(v, ['redis', 'rediss'], true),
      'must be a URL like redis://host:6379 or rediss://…',
    )
    .optional(),
  // Several deployments (or test runs) may share one Redis: each keeps its keys and channels apart.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, or _ : . -')
    .default('tw:'),
  // While Redis is down each instance may spend this share of what is left of a limit on its own.
  DEGRADED_LIMIT_SHARE: aboveZero(1, 'a decimal').default(0.5),
  TRUST_PROXY: TrustProxySetting.optional(),
  // LOG_LEVEL=INFO is a common spelling: pino's levels are lower case, so it is lowered first.
  LOG_LEVEL: z
    .string()
    .toLowerCase()
    .pipe(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace or silent',
      }),
    )
    .default('info'),
  SESSION_TTL_DAYS: wholeNumber(1, 365).default(30),
  // scrypt's work factor for new password hashes, as log2 N; stored hashes keep their own.
  PASSWORD_HASH_COST: wholeNumber(10, 17).default(15),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  // Comma-separated: other prices of the plan (older ones subscribers still pay) that open it too.
  STRIPE_ACCEPTED_PRICE_IDS: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: optionalUrl,
  WEB_DIST_DIR: z.string().optional(),
  EVAL_RESULTS_DIR: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_BASE_URL: optionalUrl,
  GEMINI_BASE_URL: optionalUrl,
  MISTRAL_BASE_URL: optionalUrl,
  GROQ_BASE_URL: optionalUrl,
  OPENAI_API_KEY: ProviderApiKey.optional(),
  ANTHROPIC_API_KEY: ProviderApiKey.optional(),
  GEMINI_API_KEY: ProviderApiKey.optional(),
  MISTRAL_API_KEY: ProviderApiKey.optional(),
  GROQ_API_KEY: ProviderApiKey.optional(),
  UPSTREAM_TIMEOUT_MS: wholeNumber(100, 600_000).default(120_000),
  UPSTREAM_MAX_RETRIES: wholeNumber(0, 10).default(2),
  LOG_QUEUE_MAX: wholeNumber(100, 1_000_000).default(10_000),
  LOG_RETENTION_DAYS: wholeNumber(0, 3650).default(30),
  // The longest a request-log row waits in memory before its batch is committed (decision 051).
  LOG_FLUSH_MS: wholeNumber(10, 5_000).default(500),
  // Difficulty routing will not use is scored for one request in this many (decision 051).
  DIFFICULTY_SAMPLE_EVERY: wholeNumber(1, 1_000_000).default(10),
  // A prompt redacted in a worker and still being scanned after this long is refused (decision 077).
  PII_SCAN_BUDGET_MS: wholeNumber(1, 600_000).default(10_000),
  CACHE_INDEX_MAX_ENTRIES: wholeNumber(1, 10_000_000).default(7_500),
  CACHE_INDEX_MAX_MB: aboveZero(1_000_000, 'a number').default(24),
  // V8's heap may grow this many percent above what a full collection left live; 0 lets V8
  // choose (up to 4×). Not a cap: a large request still gets the heap it needs (decision 034).
  HEAP_GROWING_PERCENT: zeroOr(10, 1_000).default(50),
  // 0 turns the schedule off (tests run passes themselves); otherwise at least a second.
  ALERT_EVAL_INTERVAL_MS: zeroOr(1_000, 86_400_000).default(60_000),
  // How often gateway and provider keys' last use is written; small in tests, which wait on it.
  LAST_USED_FLUSH_MS: wholeNumber(10, 3_600_000).default(15_000),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  TOKENWISE_TEST_CLOCK: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  encryptionKey: Buffer;
  superadminEmails: Set<string>;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Put before every Redis key and pub/sub channel this server uses. */
  redisKeyPrefix: string;
  /** While Redis is unreachable: the share of a shared limit's remainder one instance may use. */
  degradedLimitShare: number;
  /** Which proxies' X-Forwarded-For names the client; null uses the socket address. */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  /** Set when STRIPE_SECRET_KEY is: billing goes through Stripe instead of the local provider. */
  stripe: StripeConfig | undefined;
  webDistDir: string | undefined;
  /** Where the offline evals' result files are read from (unset: the repository's eval/results). */
  evalResultsDir: string | undefined;
  /** Per provider: base URL override and the system fallback key, when set. */
  providers: Record<ProviderId, { baseUrl: string | undefined; apiKey: string | undefined }>;
  upstreamTimeoutMs: number;
  upstreamMaxRetries: number;
  /** Request-log rows held in memory before they spill to a file. */
  logQueueMax: number;
  /** Days a request-log row (prompt, answer, vote) is kept; 0 keeps them forever. */
  logRetentionDays: number;
  /** The longest a request-log row waits in memory before it is written (SIGTERM drains at once). */
  logFlushMs: number;
  /**
   * When routing will not use a request's difficulty (routing off, pinned, baseline, passthrough),
   * one such request in this many is scored, for the routing screen's mix; 1 scores every one.
   */
  difficultySampleEvery: number;
  /** PII_SCAN_BUDGET_MS */
  piiScanBudgetMs: number;
  /** Semantic-cache entries held in memory across accounts; the least recent account leaves first. */
  cacheIndexMaxEntries: number;
  /** Bytes the semantic-cache index may hold in memory, as the engines count them (decision 027). */
  cacheIndexMaxBytes: number;
  /** Percent V8's heap may grow above the live data a full collection left; 0: V8 decides. */
  heapGrowingPercent: number;
  passwordHashCost: number;
  /** How often alerts are evaluated; 0: never on a schedule. */
  alertEvalIntervalMs: number;
  /** How often keys' last use is written in one batch. */
  lastUsedFlushMs: number;
  /** Lets alert webhooks reach loopback and private networks (local development and tests). */
  webhookAllowPrivate: boolean;
  /** Honours the x-tokenwise-test-time header (demo and tests only; gateway/wire/test-clock.ts). */
  testClock: boolean;
}

export interface StripeConfig {
  secretKey: string;
  /** The paid tier's recurring price: the one checkout sells. */
  priceId: string;
  /**
   * Every price that gives the paid tier: `priceId` and STRIPE_ACCEPTED_PRICE_IDS. A subscription
   * to any other price is another product of the same Stripe account (decision 132).
   */
  acceptedPriceIds: readonly string[];
  webhookSecret: string;
  /** Where the Stripe API is, when not api.stripe.com (a local stand-in or stripe-mock). */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws a ConfigError whose message names each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    // One value can break two rules ('-1.5': a fraction and below the range) in the same words.
    const problems = new Set(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
    throw new ConfigError(`Invalid configuration: ${[...problems].join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  checkDataDir(dataDir);
  if (e.DATABASE_URL) checkSqliteFile(e.DATABASE_URL);
  const embedded = !e.DATABASE_URL || e.DATABASE_URL.startsWith('sqlite');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite://${join(dataDir, 'tokenwise.db')}`,
    encryptionKey: e.ENCRYPTION_KEY
      ? Buffer.from(e.ENCRYPTION_KEY, 'base64')
      : embedded
        ? loadOrCreateKeyFile(join(dataDir, 'secret.key'))
        : fail(
            'ENCRYPTION_KEY is required when DATABASE_URL is PostgreSQL (instances must share it)',
          ),
    superadminEmails: new Set(
      e.SUPERADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    degradedLimitShare: e.DEGRADED_LIMIT_SHARE,
    trustProxy: e.TRUST_PROXY ?? null,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    stripe: e.STRIPE_SECRET_KEY ? stripeConfig(e, e.STRIPE_SECRET_KEY) : undefined,
    webDistDir: e.WEB_DIST_DIR,
    evalResultsDir: e.EVAL_RESULTS_DIR,
    providers: Object.fromEntries(
      PROVIDER_IDS.map((p) => {
        const up = p.toUpperCase() as Uppercase<ProviderId>;
        return [p, { baseUrl: e[`${up}_BASE_URL`], apiKey: e[`${up}_API_KEY`] }];
      }),
    ) as Config['providers'],
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamMaxRetries: e.UPSTREAM_MAX_RETRIES,
    logQueueMax: e.LOG_QUEUE_MAX,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    logFlushMs: e.LOG_FLUSH_MS,
    difficultySampleEvery: e.DIFFICULTY_SAMPLE_EVERY,
    piiScanBudgetMs: e.PII_SCAN_BUDGET_MS,
    cacheIndexMaxEntries: e.CACHE_INDEX_MAX_ENTRIES,
    cacheIndexMaxBytes: Math.floor(e.CACHE_INDEX_MAX_MB * 2 ** 20),
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    alertEvalIntervalMs: e.ALERT_EVAL_INTERVAL_MS,
    lastUsedFlushMs: e.LAST_USED_FLUSH_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    testClock: e.TOKENWISE_TEST_CLOCK === '1',
  };
}

/**
 * With PORT=0 and PUBLIC_URL unset, the links the server writes (password-reset and invitation
 * emails, SAML metadata, Stripe's return pages) named `http://localhost:0`: once listening, they
 * name the port it was given.
 */
export function followListeningPort(config: Config, port: number): void {
  if (config.port === 0 && config.publicUrl === 'http://localhost:0')
    config.publicUrl = `http://localhost:${port}`;
}

/** Stripe needs its price and webhook secret too: a half-configured billing fails at start. */
function stripeConfig(e: Env, secretKey: string): StripeConfig {
  const missing = (['STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
  if (missing.length) fail(`${missing.join(' and ')} required when STRIPE_SECRET_KEY is set`);
  return {
    secretKey,
    priceId: e.STRIPE_PRICE_ID ?? '',
    acceptedPriceIds: [
      e.STRIPE_PRICE_ID ?? '',
      ...(e.STRIPE_ACCEPTED_PRICE_IDS ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ],
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    apiUrl: e.STRIPE_API_URL,
  };
}

// An empty or blank value (VAR= in an env file) means unset: Number('  ') would otherwise be 0.
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v;
  return out;
}

function fail(message: string): never {
  throw new ConfigError(`Invalid configuration: ${message}`);
}

/** DATA_DIR (or the folder it would be made in) must not be a file: the database's, say. */
function checkDataDir(dir: string): void {
  let path = dir;
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  if (existsSync(path) && !statSync(path).isDirectory())
    fail(`DATA_DIR ${dir}: ${path} is a file, not a directory`);
}

/** A sqlite DATABASE_URL must name a file: the driver's own words for a folder ('EISDIR') name nothing. */
function checkSqliteFile(url: string): void {
  if (!url.startsWith('sqlite://')) return;
  const path = resolve(url.slice('sqlite://'.length));
  if (existsSync(path) && statSync(path).isDirectory())
    fail(
      `DATABASE_URL names the directory ${path}, not a database file (sqlite:///path/to/tokenwise.db)`,
    );
}

// Embedded mode must work with zero setup, so the key is generated once and kept beside the database.
function loadOrCreateKeyFile(file: string): Buffer {
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) fail(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  const dir = resolve(file, '..');
  const key = randomBytes(32);
  // Written whole under a name of its own, then linked into place: two instances started at once
  // on a new DATA_DIR both get here, and the one that loses the link reads the winner's key
  // (never a half-written file, never EEXIST).
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    ensurePrivateDir(dir);
    writeFileSync(draft, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(draft, 0o600);
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateKeyFile(file);
    const problem = storageFailure('DATA_DIR', dir, err);
    if (problem) throw new ConfigError(problem);
    throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return key;
}
