import { describe, expect, it } from '@jest/globals';
import type { RecordedVisit } from '../domain/visit-batch.js';
import { AnalyticsStore } from './ports/analytics.ports.js';
import { VISIT_BUFFER, VisitRecorder } from './visit-recorder.js';

/** A store in memory that can be made to fail, as a database that is down would. */
class MemoryStore extends AnalyticsStore {
  batches: RecordedVisit[][] = [];
  down = false;

  recordBatch(facts: readonly RecordedVisit[]): Promise<void> {
    if (this.down) return Promise.reject(new Error('connection refused'));
    this.batches.push([...facts]);
    return Promise.resolve();
  }

  get written(): number {
    return this.batches.reduce((n, b) => n + b.length, 0);
  }
}

const fact = (i: number): RecordedVisit => ({
  workspaceId: 'ws_1',
  pageId: 'pg_1',
  kind: 'VIEW',
  referrer: 'Direct',
  visitorHash: `v${i}`,
  at: new Date('2026-11-23T10:00:00Z'),
});

describe('VisitRecorder', () => {
  it('writes what was added before a flush, in one batch', async () => {
    const store = new MemoryStore();
    const recorder = new VisitRecorder(store);
    for (let i = 0; i < 5; i++) recorder.add(fact(i));
    expect(store.written).toBe(0);
    expect(await recorder.flush()).toBe(true);
    expect(store.batches.map((b) => b.length)).toEqual([5]);
    expect(recorder.size).toBe(0);
  });

  it('writes at once when the buffer grows large', async () => {
    const store = new MemoryStore();
    const recorder = new VisitRecorder(store);
    for (let i = 0; i < VISIT_BUFFER.flushAt; i++) recorder.add(fact(i));
    await Promise.resolve();
    expect(store.written).toBe(VISIT_BUFFER.flushAt);
  });

  it('keeps a batch the store refused, in order, and writes it once the store is back', async () => {
    const store = new MemoryStore();
    const recorder = new VisitRecorder(store);
    recorder.add(fact(1));
    store.down = true;
    expect(await recorder.flush()).toBe(false);
    recorder.add(fact(2));
    expect(recorder.size).toBe(2);
    store.down = false;
    expect(await recorder.flush()).toBe(true);
    expect(store.batches.flat().map((f) => f.visitorHash)).toEqual(['v1', 'v2']);
  });

  it('a flush during a write waits for it, then writes what came after', async () => {
    const store = new MemoryStore();
    const recorder = new VisitRecorder(store);
    for (let i = 0; i < VISIT_BUFFER.flushAt; i++) recorder.add(fact(i)); // a write starts
    recorder.add(fact(-1));
    expect(await recorder.flush()).toBe(true);
    expect(store.written).toBe(VISIT_BUFFER.flushAt + 1);
  });

  it('drops the oldest visits past its capacity while the store is down, and says how many are waiting', async () => {
    const store = new MemoryStore();
    store.down = true;
    const recorder = new VisitRecorder(store);
    for (let i = 0; i < VISIT_BUFFER.capacity + 10; i++) recorder.add(fact(i));
    await recorder.flush();
    expect(recorder.size).toBe(VISIT_BUFFER.capacity);
    store.down = false;
    expect(await recorder.flush()).toBe(true);
    expect(store.batches.flat()[0]?.visitorHash).toBe('v10');
  });
});
