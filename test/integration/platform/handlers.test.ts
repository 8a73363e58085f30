import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModulesContainer } from '@nestjs/core';
import pg from 'pg';
import { CreateApiKeyCommand, CreateWorkspaceCommand, RevokeApiKeyCommand, SetWorkspacePlanCommand } from '../../../src/access/index.js';
import { FlushVisitsCommand, RecordClickCommand, RecordViewCommand } from '../../../src/analytics/index.js';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RecordSaleCommand, RefundSaleCommand } from '../../../src/commerce/index.js';
import { AddFileCommand } from '../../../src/files/index.js';
import {
  AddBlockCommand,
  ArchivePageCommand,
  CreatePageCommand,
  PublishPageCommand,
  PublishScheduler,
  RemoveBlockCommand,
  UpdatePageCommand,
} from '../../../src/pages/index.js';
import { transactionPolicyOf } from '../../../src/platform/cqrs/transactional.js';
import {
  CreateEndpointCommand,
  DeleteEndpointCommand,
  ReencryptSecretsCommand,
  ReplayDeliveriesCommand,
  ResendDeliveryCommand,
  RotateSecretCommand,
  SendTestEventCommand,
  UpdateEndpointCommand,
  WebhookDispatcher,
} from '../../../src/webhooks/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { drainOutbox } from '../../support/drain-outbox.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Every command handler run through the CommandBus outside HTTP, against real PostgreSQL: its state change and
 * its outbox rows are checked together (docs/adr/0023). No interceptor, no outer transaction: the handler is
 * its own unit of work.
 */
describe('command handlers on the bus, outside HTTP', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (req, res) => res.writeHead((req.url ?? '').startsWith('/fail') ? 500 : 204).end();
    t = await startTestApp({ env: { WEBHOOK_ALLOWED_TARGETS: rx.target, WEBHOOK_RETRY_DELAYS: '0.01' } });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const run = <R>(command: { execute?: never } & object) => t.commands.execute(command as never) as Promise<R>;
  const outbox = (workspaceId: string) =>
    t.sql<{ type: string; data: Record<string, any> }>(
      `SELECT type, payload->'data' AS data FROM outbox WHERE workspace_id = $1 ORDER BY seq`,
      [workspaceId],
    ); // eslint-disable-line @typescript-eslint/no-explicit-any
  const one = async <T = Record<string, unknown>>(sql: string, params: unknown[]) => (await t.sql<T>(sql, params))[0]!;
  /** Makes every outbox insert of one workspace fail, so a handler's rollback can be observed. */
  const refuseOutbox = async (workspaceId: string) => {
    await t.sql(
      `CREATE OR REPLACE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refused'; END $$`,
    );
    await t.sql(
      `CREATE TRIGGER refuse_outbox_${workspaceId} BEFORE INSERT ON outbox
       FOR EACH ROW WHEN (NEW.workspace_id = '${workspaceId}') EXECUTE FUNCTION refuse_outbox()`,
    );
  };

  it('declares how every registered command handler makes its writes atomic', () => {
    const handlers = [...t.app.get(ModulesContainer).values()]
      .flatMap((m) => [...m.providers.values()])
      .map((w) => w.metatype)
      .filter((type): type is new () => unknown => typeof type === 'function' && Reflect.hasMetadata('__commandHandler__', type));
    expect(handlers.length).toBeGreaterThanOrEqual(20);
    expect(handlers.filter((h) => transactionPolicyOf(h) === undefined).map((h) => h.name)).toEqual([]);
  });

  describe('access', () => {
    it('creates a workspace, changes its plan, creates and revokes a key', async () => {
      const ws = await run<{ id: string }>(new CreateWorkspaceCommand('Handlers', 'free'));
      await run(new SetWorkspacePlanCommand(ws.id, 'creator'));
      expect(await one(`SELECT plan FROM workspaces WHERE id = $1`, [ws.id])).toEqual({ plan: 'creator' });
      const key = await run<{ id: string }>(new CreateApiKeyCommand(ws.id, 'live', undefined, null));
      await run(new RevokeApiKeyCommand(key.id));
      expect(await one(`SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1`, [key.id])).toEqual({ revoked: true });
      expect(await outbox(ws.id)).toEqual([]);
    });
  });

  describe('pages', () => {
    it('creates, edits, adds and removes a block, and archives: state only, no events', async () => {
      const { workspace } = await aTenant(t.commands);
      type View = { id: string; draft: { updated_at: string; blocks: { id: string }[] } };
      const stamp = (v: View) => new Date(v.draft.updated_at);
      const page = await run<View>(new CreatePageCommand(workspace.id, 'Handler page'));
      const edited = await run<View>(new UpdatePageCommand(workspace.id, page.id, stamp(page), { title: 'Renamed' }));
      const first = await run<View>(
        new AddBlockCommand(workspace.id, page.id, stamp(edited), 'TEXT', { text: 'hi' }, undefined, undefined),
      );
      const added = await run<View>(
        new AddBlockCommand(workspace.id, page.id, stamp(first), 'TEXT', { text: 'there' }, undefined, undefined),
      );
      const blockId = added.draft.blocks[0]!.id;
      await run(new RemoveBlockCommand(workspace.id, page.id, blockId, stamp(added)));
      await run(new ArchivePageCommand(workspace.id, page.id));
      expect(await one(`SELECT title, status, jsonb_array_length(draft_blocks) AS blocks FROM pages WHERE id = $1`, [page.id])).toEqual({
        title: 'Renamed',
        status: 'ARCHIVED',
        blocks: 1,
      });
      expect(await outbox(workspace.id)).toEqual([]);
    });

    it('publishes with its page.published row in the same commit, after a transaction holding the page row ends', async () => {
      const { workspace } = await aTenant(t.commands);
      const page = await run<{ id: string; slug: string }>(new CreatePageCommand(workspace.id, 'Published on the bus'));
      // Another transaction holds the page row: the publish waits for it (its FOR UPDATE is real outside HTTP too).
      const blocker = new pg.Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM pages WHERE id = $1 FOR UPDATE', [page.id]);
      let done = false;
      const publishing = run(new PublishPageCommand(workspace.id, page.id, undefined)).then(() => (done = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      await blocker.query('COMMIT');
      await blocker.end();
      await publishing;
      expect(await one(`SELECT status, live_blocks IS NOT NULL AS live FROM pages WHERE id = $1`, [page.id])).toEqual({
        status: 'PUBLISHED',
        live: true,
      });
      const events = await outbox(workspace.id);
      expect(events).toEqual([{ type: 'page.published', data: { page: expect.objectContaining({ id: page.id, slug: page.slug }) } }]);
    });

    it('rolls the publish back when its outbox row cannot be written: no live page without its event', async () => {
      const { workspace } = await aTenant(t.commands);
      const page = await run<{ id: string }>(new CreatePageCommand(workspace.id, 'Never half published'));
      await refuseOutbox(workspace.id);
      await expect(run(new PublishPageCommand(workspace.id, page.id, undefined))).rejects.toThrow(/outbox refused/);
      expect(await one(`SELECT status, live_blocks FROM pages WHERE id = $1`, [page.id])).toEqual({ status: 'DRAFT', live_blocks: null });
    });

    it('the scheduler fires a due schedule (the aggregate’s publish): published, schedule cleared, one event', async () => {
      const { workspace } = await aTenant(t.commands);
      const page = await run<{ id: string }>(new CreatePageCommand(workspace.id, 'Scheduled on the bus'));
      await run(new PublishPageCommand(workspace.id, page.id, new Date(Date.now() + 60_000)));
      // Not due yet: left as it is.
      await t.app.get(PublishScheduler).fireDue();
      expect(await one(`SELECT status, scheduled_publish_at IS NOT NULL AS scheduled FROM pages WHERE id = $1`, [page.id])).toEqual({
        status: 'DRAFT',
        scheduled: true,
      });
      await t.sql(`UPDATE pages SET scheduled_publish_at = now() - interval '1 second' WHERE id = $1`, [page.id]);
      expect(await t.app.get(PublishScheduler).fireDue()).toBeGreaterThanOrEqual(1);
      expect(await one(`SELECT status, scheduled_publish_at FROM pages WHERE id = $1`, [page.id])).toEqual({
        status: 'PUBLISHED',
        scheduled_publish_at: null,
      });
      // Fired once: a later tick finds nothing of this page's to fire.
      await t.app.get(PublishScheduler).fireDue();
      expect((await outbox(workspace.id)).map((e) => e.type)).toEqual(['page.published']);
    });
  });

  describe('audience', () => {
    it('captures a contact with its contact.created row; a repeat writes neither', async () => {
      const { workspace } = await aTenant(t.commands);
      const page = await run<{ id: string }>(new CreatePageCommand(workspace.id, 'Sign-ups'));
      const capture = () =>
        run<{ id: string }>(new CaptureContactCommand(workspace.id, 'Ada@Example.com', 'Ada', 'NEWSLETTER', page.id, undefined));
      const first = await capture();
      const again = await capture();
      expect(again.id).toBe(first.id);
      expect(await one(`SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1`, [workspace.id])).toEqual({ n: 1 });
      expect(await outbox(workspace.id)).toEqual([
        { type: 'contact.created', data: { contact: expect.objectContaining({ id: first.id, email: 'ada@example.com' }) } },
      ]);
    });

    it('stores no contact when its event cannot be written', async () => {
      const { workspace } = await aTenant(t.commands);
      await refuseOutbox(workspace.id);
      await expect(
        run(new CaptureContactCommand(workspace.id, 'lost@example.com', undefined, 'FORM', undefined, undefined)),
      ).rejects.toThrow(/outbox refused/);
      expect(await one(`SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1`, [workspace.id])).toEqual({ n: 0 });
    });
  });

  describe('commerce', () => {
    it('records a sale with sale.paid and refunds it with sale.refunded', async () => {
      const { workspace } = await aTenant(t.commands);
      const sale = await run<{ id: string }>(new RecordSaleCommand(workspace.id, 'TIP', 500, undefined, 'eur', 'fan@example.com'));
      await run(new RefundSaleCommand(sale.id));
      expect(await one(`SELECT refunded_at IS NOT NULL AS refunded FROM sales WHERE id = $1`, [sale.id])).toEqual({ refunded: true });
      expect((await outbox(workspace.id)).map((e) => [e.type, e.data.sale.id])).toEqual([
        ['sale.paid', sale.id],
        ['sale.refunded', sale.id],
      ]);
      await expect(run(new RefundSaleCommand(sale.id))).rejects.toThrow(/already refunded/);
      expect(await outbox(workspace.id)).toHaveLength(2);
    });
  });

  describe('analytics', () => {
    it('records a view and a click: the facts and their daily rollups commit together', async () => {
      const { workspace } = await aTenant(t.commands);
      const visit = { workspaceId: workspace.id, pageId: 'pg_stats', ip: '203.0.113.9', userAgent: 'UA', referer: undefined, ownHosts: [] };
      await run(new RecordViewCommand(visit));
      await run(new RecordClickCommand(visit, { blockId: 'blk_1', label: 'Shop', url: 'https://example.com/' }));
      await run(new FlushVisitsCommand()); // visits are written in batches (docs/adr/0029)
      const facts = await t.sql<{ kind: string }>(`SELECT kind FROM analytics_facts WHERE workspace_id = $1 ORDER BY kind DESC`, [
        workspace.id,
      ]);
      expect(facts.map((f) => f.kind)).toEqual(['VIEW', 'CLICK']);
      expect(await one(`SELECT views::int, clicks::int FROM analytics_daily_totals WHERE workspace_id = $1`, [workspace.id])).toEqual({
        views: 1,
        clicks: 1,
      });
      expect(await one(`SELECT label, clicks::int FROM analytics_daily_links WHERE workspace_id = $1`, [workspace.id])).toEqual({
        label: 'Shop',
        clicks: 1,
      });
      expect(await outbox(workspace.id)).toEqual([]);
    });
  });

  describe('files', () => {
    it('stores the bytes and the row', async () => {
      const { workspace } = await aTenant(t.commands);
      const file = await run<{ id: string }>(new AddFileCommand(workspace.id, 'logo.png', 'image/png', Buffer.from('png bytes')));
      expect(await one(`SELECT name, size_bytes::int AS size FROM files WHERE id = $1`, [file.id])).toEqual({ name: 'logo.png', size: 9 });
    });
  });

  describe('webhooks', () => {
    it('creates (after a signed test), updates, rotates, test-sends and deletes an endpoint: no outbox rows', async () => {
      const { workspace } = await aTenant(t.commands);
      const before = rx.received.length;
      const created = await run<{ endpoint: { id: string } }>(
        new CreateEndpointCommand(workspace.id, rx.url('/ok/bus'), ['contact.created']),
      );
      const id = created.endpoint.id;
      await run(new UpdateEndpointCommand(workspace.id, id, { eventTypes: ['sale.paid'] }));
      await run(new RotateSecretCommand(workspace.id, id));
      const sent = await run<{ delivered: boolean }>(new SendTestEventCommand(workspace.id, id));
      expect(sent.delivered).toBe(true);
      expect(rx.received.length - before).toBe(2); // the create's verification and the test send
      expect(
        await one(`SELECT event_types, previous_secret_encrypted IS NOT NULL AS rotated FROM webhook_endpoints WHERE id = $1`, [id]),
      ).toEqual({
        event_types: ['sale.paid'],
        rotated: true,
      });
      const report = await run<{ endpoints: number }>(new ReencryptSecretsCommand());
      expect(report.endpoints).toBeGreaterThanOrEqual(1);
      await run(new DeleteEndpointCommand(workspace.id, id));
      expect(await t.sql(`SELECT 1 FROM webhook_endpoints WHERE id = $1`, [id])).toEqual([]);
      expect(await outbox(workspace.id)).toEqual([]);
    });

    it('resends and replays deliveries through their event streams', async () => {
      const { workspace } = await aTenant(t.commands);
      const { endpoint } = await run<{ endpoint: { id: string } }>(
        new CreateEndpointCommand(workspace.id, rx.url('/ok/then-fail'), ['contact.created']),
      );
      await run(new CaptureContactCommand(workspace.id, 'replay@example.com', undefined, 'FORM', undefined, undefined));
      // Fan the event out and fail the delivery for good, as the workers would after the last attempt.
      const started = new Date();
      await t.sql(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [endpoint.id, rx.url('/fail/then-ok')]);
      const { OutboxRelay } = await import('../../../src/platform/outbox/outbox-relay.js');
      await drainOutbox(t, t.app.get(OutboxRelay));
      for (let i = 0; i < 20; i++) {
        await t.app.get(WebhookDispatcher).dispatchOnce();
        const [d] = await t.sql<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
        if (d?.status === 'FAILED') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const delivery = await one<{ id: string; status: string }>(`SELECT id, status FROM webhook_deliveries WHERE endpoint_id = $1`, [
        endpoint.id,
      ]);
      expect(delivery.status).toBe('FAILED');
      const versionOf = async () =>
        (await one<{ v: number }>(`SELECT max(version)::int AS v FROM webhook_delivery_events WHERE delivery_id = $1`, [delivery.id])).v;
      const failedAt = await versionOf();

      const replayed = await run<{ replayed: number }>(
        new ReplayDeliveriesCommand(workspace.id, endpoint.id, new Date(started.getTime() - 60_000)),
      );
      expect(replayed.replayed).toBe(1);
      expect(await one(`SELECT status FROM webhook_deliveries WHERE id = $1`, [delivery.id])).toEqual({ status: 'PENDING' });
      expect(await versionOf()).toBe(failedAt + 1);
      const resent = await run<{ status: string }>(new ResendDeliveryCommand(workspace.id, endpoint.id, delivery.id));
      expect(resent.status).toBe('PENDING');
      expect(await versionOf()).toBe(failedAt + 2);
    }, 30_000);
  });
});
