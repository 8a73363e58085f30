import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { HttpProblem } from '../http/problem.js';
import { Serving } from '../process/serving.js';

/**
 * Liveness (the process answers) and readiness (the database answers, and the process is not stopping: from SIGTERM
 * on it answers 503 here while it still serves everything else, so that a load balancer takes it out; docs/adr/0051).
 */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: Sql,
    private readonly serving: Serving,
  ) {}

  @Get('live')
  @Header('cache-control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('cache-control', 'no-store')
  async ready() {
    if (this.serving.phase !== 'serving')
      throw new HttpProblem('service_unavailable', 'This process is shutting down: another one answers.', { 'retry-after': '1' });
    try {
      await Promise.race([
        this.db.one(sql<{ ok: number }>`SELECT 1 AS ok`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database check timed out')), 2_000)),
      ]);
    } catch {
      throw new HttpProblem('service_unavailable', 'The database is not reachable.', { 'retry-after': '5' });
    }
    return { status: 'ok', checks: { database: 'ok' } };
  }
}
