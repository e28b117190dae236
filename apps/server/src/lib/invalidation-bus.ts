import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Tells every instance that something it may have cached changed (a deleted API key, new
 * settings). In-process only without Redis; over Redis pub/sub when REDIS_URL is set.
 */
export interface InvalidationBus {
  /** True when other instances hear what this one publishes. */
  readonly shared: boolean;
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, listener: (message: string) => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    shared: false,
    async publish(topic, message) {
      emitter.emit(topic, message);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus(url: string): InvalidationBus {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channel = (topic: string) => `tw:bus:${topic}`;
  sub.on('message', (ch: string, message: string) => local.emit(ch, message));
  return {
    shared: true,
    async publish(topic, message) {
      // Deliver locally at once too: the publisher must not serve stale data while Redis relays.
      local.emit(channel(topic), message);
      await pub.publish(channel(topic), message);
    },
    subscribe(topic, listener) {
      if (local.listenerCount(channel(topic)) === 0) void sub.subscribe(channel(topic));
      local.on(channel(topic), listener);
    },
    async close() {
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
