import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { HttpProblem } from '../http/problem.js';

/** Liveness (the process answers) and readiness (the database answers). */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly db: Sql) {}

  @Get('live')
  @Header('cache-control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('cache-control', 'no-store')
  async ready() {
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
