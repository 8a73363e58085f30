import { describe, expect, it } from '@jest/globals';
import { EventStreamWindow, RESUME_WINDOW_MS, type Published } from './event-stream-window.js';

const T0 = Date.parse('2026-11-29T03:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const ev = (id: string, ms: number): Published => ({ eventId: id, publishedAt: at(ms) });
const ids = (events: Published[]) => events.map((e) => e.eventId);

describe('EventStreamWindow', () => {
  it('looks again from the window before where it starts', () => {
    expect(new EventStreamWindow(at(0)).since).toEqual(at(-RESUME_WINDOW_MS));
  });

  it('sends each event once, however many looks find it', () => {
    const w = new EventStreamWindow(at(0));
    expect(ids(w.accept([ev('a', 10), ev('b', 20)]))).toEqual(['a', 'b']);
    expect(ids(w.accept([ev('a', 10), ev('b', 20), ev('c', 30)]))).toEqual(['c']);
    expect(ids(w.accept([ev('a', 10), ev('b', 20), ev('c', 30)]))).toEqual([]);
  });

  it('moves its start to the window before the newest event sent', () => {
    const w = new EventStreamWindow(at(0));
    w.accept([ev('a', 1_000), ev('b', 9_000)]);
    expect(w.since).toEqual(at(9_000 - RESUME_WINDOW_MS));
  });

  it('still sends an event that commits late with an older published_at, within the window', () => {
    const w = new EventStreamWindow(at(0));
    w.accept([ev('b', 3_000)]);
    // 'a' began its transaction before 'b' but committed after it: the next look (since -2 s) finds it.
    expect(w.since.getTime()).toBeLessThanOrEqual(at(1_000).getTime());
    expect(ids(w.accept([ev('a', 1_000), ev('b', 3_000)]))).toEqual(['a']);
  });

  it('skips the ids the client has (the resumed event)', () => {
    const w = new EventStreamWindow(at(5_000), ['resumed']);
    expect(ids(w.accept([ev('older', 1_000), ev('resumed', 5_000), ev('next', 5_000)]))).toEqual(['older', 'next']);
  });

  it('learns what is visible at its start without sending it, when recording only', () => {
    const w = new EventStreamWindow(at(0));
    w.accept([ev('before1', -4_000), ev('before2', -10)]);
    expect(ids(w.accept([ev('before1', -4_000), ev('before2', -10), ev('after', 5)]))).toEqual(['after']);
  });

  it('forgets ids older than the window, and keeps at most maxKnown', () => {
    const w = new EventStreamWindow(at(0), [], 3);
    w.accept([ev('a', 0), ev('b', 1), ev('c', 2), ev('d', 3), ev('e', 4)]);
    expect(w.size).toBe(3);
    w.accept([ev('late', 60_000)]);
    expect(w.size).toBe(1);
    // The forgotten ones are before the window: no look finds them again (published_at >= since).
    expect(w.since).toEqual(at(60_000 - RESUME_WINDOW_MS));
  });
});
