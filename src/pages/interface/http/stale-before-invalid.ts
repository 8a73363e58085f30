import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import type { InvalidInputCheck } from '../../../platform/http/pipeline/operation.js';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import { StaleSnapshotError } from '../../domain/page.errors.js';
import { GetPageQuery } from '../../application/queries/get-page/get-page.query.js';

/** "When a request is both stale and invalid in another way, stale_snapshot wins." */

@Injectable()
export class StaleBeforeInvalid implements InvalidInputCheck {
  constructor(private readonly queries: QueryBus) {}

  async check(req: FastifyRequest): Promise<void> {
    const params = req.params as { page_id?: string };
    const raw =
      (req.body as { expected_updated_at?: unknown } | undefined)?.expected_updated_at ??
      (req.query as { expected_updated_at?: unknown }).expected_updated_at;
    if (typeof raw !== 'string' || !params.page_id) return;
    // Any spelling that names an instant, even a loose one ("2020-01-01"), is compared: a stale claim wins
    // over the other errors of the request. Text that is no date at all is left to the 400.
    const expected = parseInstant(raw) ?? (/^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : null);
    if (!expected || Number.isNaN(expected.getTime())) return;
    const page = await this.queries.execute(new GetPageQuery(req.principal!.workspaceId, params.page_id)).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    if (page && new Date(page.draft.updated_at).getTime() !== expected.getTime()) throw new StaleSnapshotError();
  }
}
