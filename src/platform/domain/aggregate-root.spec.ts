import { describe, expect, it } from '@jest/globals';
import { AggregateRoot } from './aggregate-root.js';

type Rang = { type: 'Rang'; n: number };

class Bell extends AggregateRoot<Rang> {
  private n = 0;
  ring(): Rang {
    this.n += 1;
    return this.record({ type: 'Rang', n: this.n });
  }
}

describe('AggregateRoot', () => {
  it('hands out the recorded events oldest first, once', () => {
    const bell = new Bell();
    expect(bell.pullEvents()).toEqual([]);
    const first = bell.ring();
    bell.ring();
    expect(first).toEqual({ type: 'Rang', n: 1 });
    expect(bell.pullEvents()).toEqual([
      { type: 'Rang', n: 1 },
      { type: 'Rang', n: 2 },
    ]);
    expect(bell.pullEvents()).toEqual([]);
    bell.ring();
    expect(bell.pullEvents()).toEqual([{ type: 'Rang', n: 3 }]);
  });

  it('keeps each aggregate’s events to itself', () => {
    const a = new Bell();
    const b = new Bell();
    a.ring();
    expect(b.pullEvents()).toEqual([]);
    expect(a.pullEvents()).toHaveLength(1);
  });
});
