import { Controller, Module, Post, Req } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { Operation } from '../../src/access/interface/http/operation.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';
import { Outbox } from '../../src/platform/outbox/outbox.js';

class ProbeBody {
  @ApiProperty() @IsString() note!: string;
  @ApiProperty() @IsOptional() @IsInt() @Min(0) @Max(5000) delay_ms?: number;
  @ApiProperty() @IsOptional() @IsIn(['domain', 'crash']) fail?: 'domain' | 'crash';
}

/**
 * A test fixture: an IDEM write operation on the real pipeline (guard, validation, idempotency, quota,
 * transaction). Its side effect is one outbox row, so tests can count effects. Mounted by tests only.
 */
@Controller('v1/_probe')
export class ProbeController {
  constructor(private readonly outbox: Outbox) {}

  @Post('writes')
  @Operation({ id: 'probeWrite', summary: 'test fixture', scope: 'pages:write', write: true, quotaCost: 1, idempotent: true, status: 201, body: ProbeBody })
  async write(@Req() req: FastifyRequest) {
    const body = req.input!.body as ProbeBody;
    const ws = req.principal!.workspace.id;
    await this.outbox.append([{ type: 'probe.written', workspaceId: ws, data: { note: body.note }, occurredAt: new Date() }]);
    if (body.delay_ms) await new Promise((r) => setTimeout(r, body.delay_ms));
    if (body.fail === 'domain') throw new DomainError('stale_snapshot', 'probe: stale');
    if (body.fail === 'crash') throw new Error('probe: crash');
    return { note: body.note, at: new Date().toISOString() };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
