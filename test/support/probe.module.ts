import { Controller, Module, Post } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import type { RequestPrincipal } from '../../src/platform/http/pipeline/access-control.js';
import { Operation } from '../../src/platform/http/pipeline/operation.js';
import { Caller, Input } from '../../src/platform/http/pipeline/params.js';
import { Transactional } from '../../src/platform/cqrs/transactional.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';
import { Outbox } from '../../src/platform/outbox/outbox.js';

class ProbeBody {
  @ApiProperty() @IsString() note!: string;
  @ApiProperty() @IsOptional() @IsInt() @Min(0) @Max(5000) delay_ms?: number;
  @ApiProperty() @IsOptional() @IsIn(['domain', 'crash']) fail?: 'domain' | 'crash';
}

class ProbeResult {
  @ApiProperty() note!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

class ProbeWriteCommand extends Command<{ note: string; at: string }> {
  constructor(
    readonly workspaceId: string,
    readonly body: ProbeBody,
  ) {
    super();
  }
}

/** The probe's use case: one outbox row, then an optional delay or failure, in the handler's transaction. */
@CommandHandler(ProbeWriteCommand)
@Transactional()
export class ProbeWriteHandler implements ICommandHandler<ProbeWriteCommand> {
  constructor(private readonly outbox: Outbox) {}

  async execute({ workspaceId, body }: ProbeWriteCommand) {
    await this.outbox.append([{ type: 'probe.written', workspaceId, data: { note: body.note }, occurredAt: new Date() }]);
    if (body.delay_ms) await new Promise((r) => setTimeout(r, body.delay_ms));
    if (body.fail === 'domain') throw new DomainError('stale_snapshot', 'probe: stale');
    if (body.fail === 'crash') throw new Error('probe: crash');
    return { note: body.note, at: new Date().toISOString() };
  }
}

/**
 * A test fixture: an IDEM write operation on the real pipeline (guard, validation, idempotency, quota,
 * transaction). Its side effect is one outbox row, so tests can count effects. Mounted by tests only.
 */
@Controller('v1/_probe')
export class ProbeController {
  constructor(private readonly commands: CommandBus) {}

  @Post('writes')
  @Operation({
    id: 'probeWrite',
    summary: 'test fixture',
    scope: 'pages:write',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 201,
    body: ProbeBody,
    response: ProbeResult,
  })
  write(@Caller() caller: RequestPrincipal, @Input('body') body: ProbeBody) {
    return this.commands.execute(new ProbeWriteCommand(caller.workspaceId, body));
  }
}

@Module({ controllers: [ProbeController], providers: [ProbeWriteHandler] })
export class ProbeModule {}
