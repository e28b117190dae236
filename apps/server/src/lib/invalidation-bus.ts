import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
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

export function createRedisBus(url: string, log: Logger, prefix = 'tw:'): InvalidationBus {
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
  return {
    shared: true,
    listening: () => sub.status === 'ready',
    async publish(topic, message) {
      // Deliver locally at once too: the publisher must not serve stale data while Redis relays.
      local.emit(channel(topic), message);
      await pub.publish(channel(topic), message).catch((err) => {
        log.warn({ err, topic }, 'could not tell other instances; they resync when Redis is back');
      });
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
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
