// A candidate eviction scheme for the cache graph, measured by index-churn.ts (decision 190) and
// not used by the gateway: no slot is ever refilled. New entries go into the youngest of several
// HNSW graphs of `generation` slots each; a removal only forgets the entry's label (`mark`: or
// marks it deleted in hnswlib, which makes searches of a draining graph run long); a graph whose
// entries are all gone is dropped whole. With oldest-first eviction only the oldest graph drains,
// so memory holds at most one generation of dead slots beyond the live entries, and every search
// reads every graph. `drop` is the scheme without dead slots: at most two graphs, and when the
// young one is full the old one leaves whole with the entries it still holds (evicted early).
import hnswlib, { type HierarchicalNSW } from 'hnswlib-node';
import type { GraphOptions } from '../../packages/semantic-cache/src/index/graph-partition.ts';
import type { Neighbour } from '../../packages/semantic-cache/src/index/partition.ts';

const { HierarchicalNSW: Hnsw } = hnswlib;

interface Generation {
  index: HierarchicalNSW;
  written: number;
  live: Map<number, string>;
}

export class GenerationalGraph {
  private readonly generations: Generation[] = [];
  private readonly home = new Map<string, [Generation, number]>();
  private nextLabel = 0;
  /** Slots written and not yet freed, across graphs (dead ones included). */
  slots = 0;

  constructor(
    private readonly dimensions: number,
    private readonly options: GraphOptions,
    private readonly generation: number,
    private readonly mark = false,
    private readonly drop = false,
  ) {
    this.scratch = new Array<number>(dimensions).fill(0);
  }

  /** One array for every call into the addon, as GraphPartition does. */
  private readonly scratch: number[];

  private asArray(vector: Float32Array): number[] {
    for (let i = 0; i < vector.length; i++) this.scratch[i] = vector[i] ?? 0;
    return this.scratch;
  }

  get size(): number {
    return this.home.size;
  }

  /** Adds an entry; returns the ids evicted with a dropped generation (`drop` only). */
  add(id: string, vector: Float32Array): string[] {
    this.remove(id);
    let young = this.generations[this.generations.length - 1];
    let evicted: string[] = [];
    if (!young || young.written >= this.generation) {
      const old = this.generations[0];
      if (this.drop && old && this.generations.length >= 2) {
        evicted = [...old.live.values()];
        for (const gone of evicted) this.home.delete(gone);
        this.generations.shift();
        this.slots -= old.written;
      }
      const index = new Hnsw('ip', this.dimensions);
      index.initIndex(this.generation, this.options.m, this.options.efConstruction, 100, false);
      young = { index, written: 0, live: new Map() };
      this.generations.push(young);
    }
    const label = this.nextLabel++;
    young.index.addPoint(this.asArray(vector), label);
    young.written++;
    young.live.set(label, id);
    this.slots++;
    this.home.set(id, [young, label]);
    return evicted;
  }

  remove(id: string): boolean {
    const at = this.home.get(id);
    if (!at) return false;
    const [generation, label] = at;
    if (this.mark) generation.index.markDelete(label);
    generation.live.delete(label);
    this.home.delete(id);
    if (generation.live.size === 0 && generation !== this.generations.at(-1)) {
      this.generations.splice(this.generations.indexOf(generation), 1);
      this.slots -= generation.written;
    }
    return true;
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    const query = this.asArray(vector);
    const found: Neighbour[] = [];
    for (const g of this.generations) {
      if (g.live.size === 0) continue;
      // Dead entries come back unless marked: then ask for the whole list and keep the live ones.
      const dead = !this.mark && g.live.size < g.written;
      const wanted = Math.min(
        dead ? Math.max(k, this.options.efSearch) : k,
        this.mark ? g.live.size : g.written,
      );
      g.index.setEf(Math.max(this.options.efSearch, wanted));
      const { neighbors, distances } = g.index.searchKnn(query, wanted);
      neighbors.forEach((label, i) => {
        const id = g.live.get(label);
        if (id !== undefined) found.push({ id, similarity: 1 - (distances[i] ?? 1) });
      });
    }
    return found.sort((a, b) => b.similarity - a.similarity).slice(0, k);
  }
}
