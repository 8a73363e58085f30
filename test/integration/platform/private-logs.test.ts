import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, Post } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Sql } from '../../../src/platform/database/sql.js';
import { sql } from '../../../src/platform/database/query-builder.js';
import { Operation } from '../../../src/platform/http/pipeline/operation.js';
import { Input } from '../../../src/platform/http/pipeline/params.js';
import { OwnerNotifier } from '../../../src/webhooks/application/ports/webhook.ports.js';
import { aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Line = Record<string, unknown> & { level: number; msg?: string };

const VISITOR_EMAIL = 'visitor.private@example.com';
const RECEIVER_TOKEN = 'rcv_tok_Zq81LmX0aa';

class FailingStatementBody {
  @ApiProperty() @IsString() email!: string;
}
class FailingStatementResult {
  @ApiProperty() ok!: boolean;
}

/**
 * A test fixture: an operation whose statement PostgreSQL refuses with the row in the error's `detail` ("Failing row
 * contains (…)"), on the real pipeline, so that the problem filter logs the unexpected error as it would any other.
 */
@Controller('v1/_failing-statement')
class FailingStatementController {
  constructor(private readonly db: Sql) {}

  @Post()
  @Operation({
    id: 'probeFailingStatement',
    summary: 'test fixture',
    scope: 'pages:write',
    write: true,
    quotaCost: 1,
    idempotent: false,
    status: 201,
    body: FailingStatementBody,
    response: FailingStatementResult,
  })
  async fail(@Input('body') body: FailingStatementBody): Promise<FailingStatementResult> {
    await this.db.transaction(async () => {
      await this.db.all(sql`CREATE TEMP TABLE probe_no_addresses (email text CHECK (email NOT LIKE '%@%')) ON COMMIT DROP`);
      await this.db.all(sql`INSERT INTO probe_no_addresses (email) VALUES (${body.email})`);
    });
    return { ok: true };
  }
}

@Module({ controllers: [FailingStatementController] })
class FailingStatementModule {}

/**
 * Logs carry no secret and no visitor (decisions.md, "Traces and logs carry no secret and no visitor";
 * docs/adr/0063): a failed statement is logged without the database error's row values, and a log line about a
 * webhook endpoint names its receiver without the query string.
 */
describe('private logs', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ extra: [FailingStatementModule], logLevel: 'debug' });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const lines = (): Line[] => t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Line);

  it("logs a failed statement's error without its detail: no row value, but the code and constraint an operator needs", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/_failing-statement',
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: VISITOR_EMAIL }),
    });
    expect(res.statusCode).toBe(500);
    const logged = lines().filter((l) => l.request_id === res.headers['x-request-id']);
    const errors = logged.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err).toMatchObject({ code: '23514', constraint: 'probe_no_addresses_email_check' });
    expect(errors[0]!.err).not.toHaveProperty('detail');
    expect((errors[0]!.err as { stack: string }).stack).toMatch(/violates check constraint/);
    expect(JSON.stringify(lines())).not.toContain(VISITOR_EMAIL);
    expect(JSON.stringify(lines())).not.toContain('Failing row');
  });

  it('logs a disabled webhook endpoint with its receiver URL but without the query string', async () => {
    const notifier = t.app.get(OwnerNotifier);
    await notifier.endpointDisabled({
      type: 'EndpointAutoDisabled',
      endpointId: 'we_private_logs',
      workspaceId: tenant.workspace.id,
      url: `https://hooks.example.com/in?token=${RECEIVER_TOKEN}`,
      consecutiveFailures: 50,
      at: new Date(),
    });
    const line = lines().find((l) => typeof l.msg === 'string' && l.msg.includes('we_private_logs'));
    expect(line).toMatchObject({ level: 40, endpoint_id: 'we_private_logs', url: 'https://hooks.example.com/in' });
    expect(JSON.stringify(lines())).not.toContain(RECEIVER_TOKEN);
  });

  it('logs nothing of a receiver URL refused at creation (SSRF guard) or accepted: no query string', async () => {
    for (const url of [`https://127.0.0.1/in?token=${RECEIVER_TOKEN}`, `https://hooks.example.com/in?token=${RECEIVER_TOKEN}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: { ...tenant.auth, 'content-type': 'application/json', 'idempotency-key': `pl-${url.length}-${url.slice(8, 12)}` },
        payload: JSON.stringify({ url, event_types: ['page.published'] }),
      });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(JSON.stringify(lines())).not.toContain(RECEIVER_TOKEN);
  });
});
