import { PassThrough } from 'node:stream';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiHeader, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, Length } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsAbsentOr } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import { Serving } from '../../../platform/process/serving.js';
import { EventStreams, type OpenStream, type StreamRefusal, type StreamSink } from '../../application/event-streams.js';
import { presentedKey } from '../../../platform/http/pipeline/operation.guard.js';
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENTS } from '../../application/webhook-events.js';
import { envelopeBody } from '../../application/webhook.views.js';

/** What a stream writes ahead of its client: past it, the stream waits for the client to read (docs/adr/0067). */
const HIGH_WATER_MARK = 64 * 1024;
/** How long a stream waits for a client that reads nothing: then it ends (the client resumes by id). */
const DRAIN_TIMEOUT_MS = 60_000;
/** An event id, as Last-Event-ID or `after`: longer is no id of ours. */
const MAX_ID_LENGTH = 255;

export class EventStreamQuery {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] },
    description: 'Only events of these types (repeat the parameter: `?type=a&type=b`). Default: all.',
    example: SUBSCRIBABLE_EVENT_TYPES.slice(0, 1),
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(SUBSCRIBABLE_EVENT_TYPES.length)
  @IsIn(SUBSCRIBABLE_EVENT_TYPES, { each: true, message: `type must be one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}` })
  type?: string[];

  @ApiPropertyOptional({
    maxLength: MAX_ID_LENGTH,
    example: 'whmsg_LVTj7sEWgmrttSBVutOaNxI0',
    description: 'Resume after this event (its `id`), as the `Last-Event-ID` header does; this parameter wins when both are given.',
  })
  @IsAbsentOr()
  @IsString()
  @Length(1, MAX_ID_LENGTH)
  after?: string;
}

const STREAM_GUIDE =
  'A [Server-Sent Events](https://html.spec.whatwg.org/multipage/server-sent-events.html) stream of the events the ' +
  'workspace publishes, each the exact envelope a webhook delivery sends, within a second of its commit, whichever ' +
  'API process the client is connected to. It is what `bio-page listen` reads. Each event is a frame of three lines, ' +
  'then a blank line: `id: <event id>`, `event: <type>`, `data: <envelope JSON, one line>`. A comment line ' +
  '`: keep-alive` comes every 15 s. Without `Last-Event-ID` (or `after`) the stream starts with the events committed ' +
  'from now on; with it, it resumes right after that event, in publication order, so a client that reconnects loses ' +
  'none and gets none twice. An id the workspace has no event for (or none of the last 30 days) starts it from now. ' +
  'A backlog of any size is sent as fast as the client reads it. The stream belongs to the key that opened it: it ' +
  'ends within 15 s of that key being revoked or expiring (reconnecting is then 401), and after ' +
  '`EVENT_STREAM_MAX_SECONDS` (an hour); a process that stops ends its streams too: reconnect with `Last-Event-ID`. ' +
  'Each process holds at most `EVENT_STREAMS_MAX` streams (200), of one workspace `EVENT_STREAMS_PER_WORKSPACE` (10): ' +
  'past either, 503 `service_unavailable` with `Retry-After`; of one key `EVENT_STREAMS_PER_KEY` (5): past it, 429 ' +
  '`rate_limited`.';

/** The example frame: the first published event's own example (docs/adr/0041), as a delivery would carry it. */
const EXAMPLE_EVENT = WEBHOOK_EVENTS[0]!;
const EXAMPLE_ENVELOPE = envelopeBody(
  'whmsg_LVTj7sEWgmrttSBVutOaNxI0',
  EXAMPLE_EVENT.type,
  new Date('2026-11-29T03:00:00.000Z'),
  EXAMPLE_EVENT.example,
);
const EXAMPLE_FRAME = `id: whmsg_LVTj7sEWgmrttSBVutOaNxI0\nevent: ${EXAMPLE_EVENT.type}\ndata: ${EXAMPLE_ENVELOPE}\n\n`;
const STREAM_EXAMPLE = `: from now\n\n${EXAMPLE_FRAME}: keep-alive\n\n`;

/** `GET /v1/events/stream`: the workspace's events as they are published, over Server-Sent Events (docs/adr/0067). */
@ApiTags('Webhooks')
@Controller('v1/events')
export class EventStreamController {
  constructor(
    private readonly streams: EventStreams,
    private readonly serving: Serving,
  ) {}

  @Get('stream')
  // Frames must reach the client as they are written: a compressor would hold them back.
  @RouteConfig({ compress: false })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The `id` of the last event received: the stream resumes after it (sent by EventSource on reconnecting).',
  })
  @Operation({
    id: 'streamEvents',
    summary: 'Stream the events as they are published (Server-Sent Events)',
    guide: STREAM_GUIDE,
    scope: 'webhooks:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    query: EventStreamQuery,
    stream: {
      mediaType: 'text/event-stream',
      description: 'The stream: one frame per event (`id`, `event`, `data`: the envelope), comments to keep it alive.',
      example: STREAM_EXAMPLE,
    },
  })
  async stream(
    @Caller() caller: RequestPrincipal,
    @Input('query') q: EventStreamQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Listened for before anything is awaited: a client that goes while the stream is set up holds no slot.
    let open: OpenStream | null = null;
    let gone = false;
    const onGone = () => {
      gone = true;
      open?.close();
    };
    reply.raw.once('close', onGone);
    if (reply.raw.destroyed || !req.raw.socket || req.raw.socket.destroyed) gone = true;
    if (gone) return;
    if (this.serving.phase !== 'serving')
      throw new HttpProblem('service_unavailable', 'This process is stopping: reconnect (another process answers).', {
        'retry-after': '1',
      });

    const header = req.headers['last-event-id'];
    const fromHeader = typeof header === 'string' && header.trim().length <= MAX_ID_LENGTH ? header.trim() : '';
    const lastEventId = q.after ?? (fromHeader || undefined);
    const credential = presentedKey(req.headers) ?? '';
    const pending = await this.streams.prepare({
      workspaceId: caller.workspaceId,
      keyId: caller.keyId,
      credential,
      types: q.type,
      lastEventId,
    });
    if (typeof pending === 'string') throw refusal(pending);
    if (gone) return pending.cancel();

    const body = new PassThrough({ highWaterMark: HIGH_WATER_MARK });
    const release = this.serving.holdOpen(() => open?.close());
    let ended = false;
    const waiting = new Set<(ok: boolean) => void>();
    const sink: StreamSink = {
      write: (text) => body.write(text),
      drained: () =>
        new Promise<boolean>((resolve) => {
          if (ended || gone) return resolve(false);
          if (!body.writableNeedDrain) return resolve(true);
          const done = (ok: boolean) => {
            clearTimeout(timer);
            body.off('drain', onDrain);
            waiting.delete(done);
            resolve(ok);
          };
          const onDrain = () => done(true);
          const timer = setTimeout(() => done(false), DRAIN_TIMEOUT_MS);
          body.on('drain', onDrain);
          waiting.add(done);
        }),
      end: () => {
        ended = true;
        for (const done of waiting) done(false);
        release();
        body.end();
      },
    };
    reply.raw.once('close', () => {
      for (const done of waiting) done(false);
    });
    // Ended because the process stops: no keep-alive connection outlives the response (docs/adr/0051).
    reply.raw.once('finish', () => {
      if (this.serving.phase !== 'serving') reply.raw.socket?.destroySoon();
    });
    body.write(`: ${pending.resumed ? `resuming after ${lastEventId}` : 'from now'}\n\n`);
    void reply
      .status(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(body);
    open = pending.run(sink);
    if (gone) open.close();
  }
}

/** The answer to a stream that may not open now. */
function refusal(why: StreamRefusal): HttpProblem {
  if (why === 'key_full')
    return new HttpProblem(
      'rate_limited',
      'This API key holds all the event streams it may (EVENT_STREAMS_PER_KEY): close one, or use another key.',
      { 'retry-after': '5' },
    );
  const which =
    why === 'process_full'
      ? 'This process holds all the event streams it may'
      : 'This workspace holds all the event streams it may on this process';
  return new HttpProblem('service_unavailable', `${which}: retry later (another process may have room).`, { 'retry-after': '5' });
}
