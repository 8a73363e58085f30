import { describe, expect, it } from '@jest/globals';
import { comparePublished, EventStreamWindow, RESUME_WINDOW_MS, type Published } from './event-stream-window.js';

const T0 = Date.parse('2026-11-29T03:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const ev = (id: string, ms: number): Published => ({ eventId: id, publishedAt: at(ms) });
const ids = (events: Published[]) => events.map((e) => e.eventId);

describe('EventStreamWindow', () => {
  it('looks again from the window before where it starts', () => {
    expect(new EventStreamWindow(at(0)).start).toEqual({ since: at(-RESUME_WINDOW_MS) });
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
    expect(w.start).toEqual({ since: at(9_000 - RESUME_WINDOW_MS) });
  });

  it('still sends an event that commits late with an older published_at, within the window', () => {
    const w = new EventStreamWindow(at(0));
    w.accept([ev('b', 3_000)]);
    // 'a' began its transaction before 'b' but committed after it: the next look (since -2 s) finds it.
    expect(w.start).toEqual({ since: at(3_000 - RESUME_WINDOW_MS) });
    expect(ids(w.accept([ev('a', 1_000), ev('b', 3_000)]))).toEqual(['a']);
  });

  it('resumes after the event the client names, never before it (fifth round)', () => {
    const w = new EventStreamWindow(at(0), ev('m', 5_000));
    expect(w.start).toEqual({ after: ev('m', 5_000) });
    // 'l' shares the resumed event's instant but sorts before it: the client had it; 'older' too.
    const found = [ev('older', 1_000), ev('l', 5_000), ev('m', 5_000), ev('n', 5_000), ev('later', 6_000)];
    expect(ids(w.accept(found))).toEqual(['n', 'later']);
  });

  it('orders events by published_at, then id', () => {
    expect(comparePublished(ev('b', 1), ev('a', 2))).toBeLessThan(0);
    expect(comparePublished(ev('b', 2), ev('a', 2))).toBeGreaterThan(0);
    expect(comparePublished(ev('a', 2), ev('a', 2))).toBe(0);
  });

  it('reads a burst of one instant once: past maxKnown the floor rises, and no look starts before it', () => {
    const w = new EventStreamWindow(at(0), null, 100);
    const burst = Array.from({ length: 1_000 }, (_, i) => ev(`e${String(i).padStart(4, '0')}`, 10));
    // Read in pages of 250, each after the last event of the page before, as the stream does.
    const sent: string[] = [];
    for (let i = 0; i < burst.length; i += 250) sent.push(...ids(w.accept(burst.slice(i, i + 250))));
    expect(sent).toEqual(ids(burst));
    expect(w.size).toBe(100);
    // The next look starts after the last id forgotten, and nothing of the burst is sent again.
    expect(w.start).toEqual({ after: ev('e0899', 10) });
    expect(w.accept(burst)).toEqual([]);
    expect(ids(w.accept([...burst.slice(900), ev('next', 11)]))).toEqual(['next']);
  });

  it('learns what is visible at its start without sending it, when recording only', () => {
    const w = new EventStreamWindow(at(0));
    w.accept([ev('before1', -4_000), ev('before2', -10)]);
    expect(ids(w.accept([ev('before1', -4_000), ev('before2', -10), ev('after', 5)]))).toEqual(['after']);
  });

  it('forgets ids older than the window, and keeps at most maxKnown', () => {
    const w = new EventStreamWindow(at(0), null, 3);
    w.accept([ev('a', 0), ev('b', 1), ev('c', 2), ev('d', 3), ev('e', 4)]);
    expect(w.size).toBe(3);
    w.accept([ev('late', 60_000)]);
    expect(w.size).toBe(1);
    // The forgotten ones are before the window: no look finds them again (published_at >= since).
    expect(w.start).toEqual({ since: at(60_000 - RESUME_WINDOW_MS) });
  });
});
