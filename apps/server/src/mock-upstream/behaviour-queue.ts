import type { ProviderId } from '../gateway/types.ts';
import type { MockBehaviour } from './types.ts';

/** Queued behaviours, per provider first, then those for any provider, over the defaults. */
export class BehaviourQueue {
  private readonly queues = new Map<ProviderId | 'any', MockBehaviour[]>();
  private defaults: Partial<MockBehaviour> = {};

  enqueue(behaviour: MockBehaviour, provider?: ProviderId): void {
    const key = provider ?? 'any';
    const queue = this.queues.get(key) ?? [];
    queue.push(behaviour);
    this.queues.set(key, queue);
  }

  setDefault(behaviour: Partial<MockBehaviour>): void {
    this.defaults = { ...behaviour };
  }

  next(provider: ProviderId): MockBehaviour {
    const queued = this.queues.get(provider)?.shift() ?? this.queues.get('any')?.shift() ?? {};
    return { ...this.defaults, ...queued };
  }

  reset(): void {
    this.queues.clear();
    this.defaults = {};
  }
}
