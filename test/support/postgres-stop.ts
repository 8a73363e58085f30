import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stops the postmaster of the embedded cluster in `dir` (its `pg/postmaster.pid`) in immediate mode, SIGQUIT as
 * pg_ctl sends it (no checkpoint, every connection dropped without a word), and waits for it to exit.
 */
export async function stopPostgresImmediately(dir: string): Promise<void> {
  const pid = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
  throw new Error(`the postmaster ${pid} did not exit`);
}
