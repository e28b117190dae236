import { EventEmitter } from 'node:events';
import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { answerWithin } from './answer-within.ts';
import { connectRedis } from './redis-connection.ts';

/**
 * Tells every instance that something it may have cached changed (a deleted API key, new
 * settings). In-process only without Redis; over Redis pub/sub when REDIS_URL is set.
 */
export interface InvalidationBus {
  /** True when other instances hear what this one publishes. */
  readonly shared: boolean;
  /** True while this instance hears what others publish (always, for the in-process bus). */
  listening(): boolean;
  /** Never fails the caller: the change is applied locally, and others resync (see onResync). */
  publish(topic: string, message: string): Promise<void>;
  /**
   * Writes the message in the change's own transaction `trx`, for every other instance to read
   * even if this process dies, or loses Redis, before its publish after the commit (decision
   * 156). The publish stays the fast way; a no-op where no instance reads the database's copy.
   */
  recordIn(trx: Kysely<Database>, topic: string, message: string): Promise<void>;
  subscribe(topic: string, listener: (message: string) => void): void;
  /** Called when messages may have been missed (the shared bus reconnected): drop cached state. */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    shared: false,
    listening: () => true,
    async publish(topic, message) {
      emitter.emit(topic, message);
    },
    async recordIn() {},
    subscribe(topic, listener) {
      emitter.on(topic, listener);
    },
    onResync() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RESYNC = Symbol('resync');

/**
 * Where a message goes when Redis does not take it from this instance (its link down or silent,
 * while the others may still hear the bus and memoize what it changes), and where every instance
 * reads such messages (the database: decision 113).
 */
export interface BusRelay {
  /** Keeps a message for every other instance to read; in `trx` when given. */
  put(topic: string, message: string, trx?: Kysely<Database>): Promise<void>;
  /**
   * Messages other instances put since the last call (none at the first: they predate us);
   * `missed`: some may be gone unread (this instance could not read for long), so resync.
   */
  take(): Promise<{ messages: { topic: string; message: string }[]; missed: boolean }>;
}

export interface RedisBusOptions {
  prefix?: string;
  relay?: BusRelay;
  /** Topics not worth relaying (an announcement whose loss costs a cache miss, not stale data). */
  unrelayed?: readonly string[];
}

// A publish Redis has not confirmed by then goes through the relay too: with the relay read every
// RELAY_READ_MS, the others hear it within the 1 s a deletion has (docs/deploy.md).
const PUBLISH_CONFIRM_MS = 250;
const RELAY_READ_MS = 400;

export function createRedisBus(
  url: string,
  log: Logger,
  { prefix = 'tw:', relay, unrelayed = [] }: RedisBusOptions = {},
): InvalidationBus {
  const pub = connectRedis(url, log, 'bus publisher');
  const sub = connectRedis(url, log, 'bus subscriber', { autoResubscribe: false });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channels = new Set<string>();
  const channel = (topic: string) => `${prefix}bus:${topic}`;
  const subscribeAll = () => {
    if (channels.size === 0 || sub.status !== 'ready') return;
    sub.subscribe(...channels).catch((err) => log.warn({ err }, 'Redis subscribe failed'));
  };
  sub.on('message', (ch: string, message: string) => local.emit(ch, message));
  // Every (re)connection: listen again, and have caches forget what they may have missed.
  sub.on('ready', () => {
    subscribeAll();
    local.emit(RESYNC);
  });
  const relayed =
    relay &&
    startRelayReads(relay, log, (heard) => {
      if (heard === RESYNC) local.emit(RESYNC);
      else local.emit(channel(heard.topic), heard.message);
    });
  let unannounced = false;
  pub.on('ready', () => {
    unannounced = false;
  });
  // A link down answers nothing: waiting out its retries held a key deletion 0.3-2 s per key.
  const sentToRedis = async (topic: string, message: string) =>
    pub.status === 'ready' &&
    (await answerWithin(pub.publish(channel(topic), message), PUBLISH_CONFIRM_MS)) !== undefined;
  return {
    shared: true,
    listening: () => sub.status === 'ready',
    async publish(topic, message) {
      // Deliver locally at once too: the publisher must not serve stale data while Redis relays.
      local.emit(channel(topic), message);
      if (await sentToRedis(topic, message)) return;
      if (!relay || unrelayed.includes(topic)) {
        // Once per outage: every cache entry stored meanwhile comes here, and no longer waits.
        if (!unannounced)
          log.warn({ topic }, 'could not tell other instances; they resync when Redis is back');
        unannounced = true;
        return;
      }
      // The others may hear the bus while this instance does not: they never resync, and would
      // serve what changed (a deleted key) for as long as they run.
      await relay.put(topic, message).catch((err) => {
        log.error({ err, topic }, 'could not tell other instances of a change');
      });
    },
    async recordIn(trx, topic, message) {
      await relay?.put(topic, message, trx);
    },
    subscribe(topic, listener) {
      if (!channels.has(channel(topic))) {
        channels.add(channel(topic));
        subscribeAll();
      }
      local.on(channel(topic), listener);
    },
    onResync(listener) {
      local.on(RESYNC, listener);
    },
    async close() {
      clearInterval(relayed);
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/** Reads the relay every RELAY_READ_MS and delivers what it holds; the timer, to stop it. */
function startRelayReads(
  relay: BusRelay,
  log: Logger,
  deliver: (heard: { topic: string; message: string } | typeof RESYNC) => void,
): NodeJS.Timeout {
  let reading = false;
  let failing = false;
  const read = () => {
    // A read still waiting on a slow database: the next one would only queue behind it.
    if (reading) return;
    reading = true;
    relay
      .take()
      .then(
        ({ messages, missed }) => {
          failing = false;
          if (missed) deliver(RESYNC);
          for (const heard of messages) deliver(heard);
        },
        (err) => {
          if (!failing) log.warn({ err }, 'could not read relayed bus messages');
          failing = true;
        },
      )
      .finally(() => {
        reading = false;
      });
  };
  read();
  const timer = setInterval(read, RELAY_READ_MS);
  timer.unref();
  return timer;
}
