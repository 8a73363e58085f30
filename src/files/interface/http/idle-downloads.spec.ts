import { describe, expect, it, jest } from '@jest/globals';
import { IdleDownloads } from './idle-downloads.js';

/** A connection as the watcher sees it: bytes handed to it, held by Node, held by libuv. */
const connection = () => ({ bytesWritten: 0, writableLength: 0, _handle: { writeQueueSize: 0 } });

describe('IdleDownloads (a download that moves no byte for FILE_DOWNLOAD_IDLE_SECONDS is ended)', () => {
  it('ends a connection on which nothing moved for idleMs, once; one that moves, even by part of a write, goes on', () => {
    let now = 0;
    const idle = new IdleDownloads(30_000, () => now);
    const [stuck, slow] = [connection(), connection()];
    const ended = { stuck: jest.fn(), slow: jest.fn() };
    idle.watch(stuck, ended.stuck);
    const stopSlow = idle.watch(slow, ended.slow);
    for (let t = 1_000; t <= 29_000; t += 1_000) {
      now = t;
      // The kernel took a few bytes of the write in progress: libuv holds fewer.
      slow._handle.writeQueueSize = (t / 1_000) % 2 === 0 ? 4096 : 2048;
      idle.check();
    }
    expect(ended.stuck).not.toHaveBeenCalled();
    now = 30_000;
    idle.check();
    expect(ended.stuck).toHaveBeenCalledTimes(1);
    now = 90_000;
    idle.check();
    expect(ended.stuck).toHaveBeenCalledTimes(1);
    // The slow one stopped moving at 29 s: ended 30 s later, unless it finished first.
    expect(ended.slow).toHaveBeenCalledTimes(1);
    stopSlow();
  });

  it('counts bytes written and writes completed as moves, and forgets a download that ended', () => {
    let now = 0;
    const idle = new IdleDownloads(1_000, () => now);
    const c = connection();
    const end = jest.fn();
    const stop = idle.watch(c, end);
    now = 900;
    c.bytesWritten = 65_536;
    idle.check();
    now = 1_800;
    c.writableLength = 16_384;
    idle.check();
    now = 2_700;
    idle.check();
    expect(end).not.toHaveBeenCalled();
    stop();
    now = 10_000;
    idle.check();
    expect(end).not.toHaveBeenCalled();
    idle.close();
  });
});
