import type { OutboxRelay } from '../../src/platform/outbox/outbox-relay.js';
import type { TestApp } from './test-app.js';

/**
 * Runs `relays` until no outbox row is due (a row backing off is not), then stops them, which waits for the batch in
 * hand: tests drain the outbox through the relay's own loop, as a worker process does.
 */
export async function drainOutbox(app: Pick<TestApp, 'sql'>, ...relays: OutboxRelay[]): Promise<void> {
  const due = async () => (await app.sql(`SELECT 1 FROM outbox WHERE processed_at IS NULL AND available_at <= now() LIMIT 1`)).length;
  for (const relay of relays) relay.start();
  try {
    const deadline = Date.now() + 20_000;
    while ((await due()) > 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }
}
