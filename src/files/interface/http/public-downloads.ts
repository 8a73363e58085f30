import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import { clientOf, DownloadSlots } from './download-slots.js';
import { cachingHeaders } from './file-caching.js';
import { IdleDownloads } from './idle-downloads.js';

/** `/files`, `/files/…`, `/files?…`: the public route and whatever else a client may ask under it. */
const UNDER_FILES = /^\/files(\/|\?|$)/;

/**
 * The public route's defences against slow readers (decisions.md, fifth round; docs/adr/0064, amended): a download
 * takes a slot (FILE_DOWNLOADS_PER_CLIENT per client, FILE_DOWNLOADS_MAX per process) before the store is read,
 * holds it exactly as long as its connection, and is ended when its connection takes no byte for
 * FILE_DOWNLOAD_IDLE_SECONDS. Every error answer under `/files` is `Cache-Control: no-store`, without an ETag.
 */
@Injectable()
export class PublicDownloads implements OnModuleInit, OnModuleDestroy {
  readonly slots: DownloadSlots;
  private readonly idle: IdleDownloads;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly http: HttpAdapterHost,
  ) {
    this.slots = new DownloadSlots(config.files.downloadsMax, config.files.downloadsPerClient);
    this.idle = new IdleDownloads(config.files.downloadIdleMs);
  }

  /** Error answers under `/files` (the route's own, and the router's 404 and 405) are never stored by a cache. */
  onModuleInit(): void {
    const fastify = this.http.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onSend', (req, reply, payload, done) => {
      const status = reply.statusCode;
      if (UNDER_FILES.test(req.url) && status !== 200 && status !== 206 && status !== 304) {
        reply.removeHeader('etag');
        reply.headers(cachingHeaders(status, ''));
      }
      done(null, payload);
    });
  }

  onModuleDestroy(): void {
    this.idle.close();
  }

  /**
   * A slot for this request's download, given back when its response closes (sent, failed, or the client gone,
   * even before the store answered). A client at its cap gets 429 `rate_limited`; a process at its own, 503.
   */
  admit(req: FastifyRequest, reply: FastifyReply): void {
    const client = clientOf(req.ip);
    const taken = this.slots.take(client);
    if (taken === 'client') {
      throw new HttpProblem(
        'rate_limited',
        `This client address has ${this.slots.perClient} downloads of files in progress; retry once one has ended.`,
        { 'retry-after': '5' },
      );
    }
    if (taken === 'process') {
      throw new HttpProblem('service_unavailable', 'This process is sending as many files as it can at once; retry shortly.', {
        'retry-after': '1',
      });
    }
    const res = reply.raw;
    if (res.closed) return taken();
    res.once('close', taken);
  }

  /** Sends `body`, and ends it (the connection cut, the store's read released) once it moves no byte for the idle time. */
  send(reply: FastifyReply, body: Readable): FastifyReply {
    const res = reply.raw;
    const forget = this.idle.watch(res.socket, () => res.destroy());
    res.once('close', forget);
    return reply.send(body);
  }
}
