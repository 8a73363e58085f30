import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import { matches } from '../../../platform/http/conditional.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import { OpenPublicFileQuery } from '../../application/queries/open-public-file/open-public-file.query.js';
import type { PublicFileView } from '../../application/queries/open-public-file/open-public-file.view.js';
import { requestedRange } from './byte-range.js';
import { extValue } from './content-disposition.js';
import { cachingHeaders } from './file-caching.js';
import { PublicDownloads } from './public-downloads.js';

/** Types a browser could execute as a document are downloaded, never rendered inline from our origin. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/javascript|text\/javascript)/;

/** The headers of a representation of the file (200, 206, 304): what it is, how to show it, and that it may be cached. */
function representation(f: PublicFileView, status: 200 | 206 | 304, etag: string): Record<string, string> {
  const disposition = ACTIVE_TYPES.test(f.mimeType) ? 'attachment' : 'inline';
  return {
    'content-type': f.mimeType,
    ...cachingHeaders(status, etag),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${disposition}; filename*=UTF-8''${extValue(f.name)}`,
  };
}

/**
 * Serves `public_path` (`/files/<id>/<name>`) without a key, like a CDN URL, streamed from the file store. A file's
 * bytes never change under its id: the id is its ETag (304 to `If-None-Match`), and one byte range is served as 206
 * (a PDF viewer's); several ranges, or a Range that does not parse, get the whole file. Only 200, 206 and 304 are
 * cacheable; every error is `no-store` (decisions.md, fifth round). A download holds one of its client's slots
 * while it runs, and is ended when its connection takes no byte for FILE_DOWNLOAD_IDLE_SECONDS (PublicDownloads).
 * A store that is down is 503 with Retry-After (ADR 0064).
 */
@Controller('files')
export class PublicFilesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly downloads: PublicDownloads,
  ) {}

  @Get(':id/:name')
  @ApiExcludeEndpoint()
  async serve(@Param('id') id: string, @Param('name') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const f = await this.queries.execute(new OpenPublicFileQuery(id, name));
    if (!f) throw new NotFoundError('file');
    const etag = `"${f.id}"`;
    if (matches(req.headers['if-none-match'], etag))
      return reply
        .status(304)
        .headers(representation(f, 304, etag))
        .send();
    const ifRange = req.headers['if-range'];
    const range = requestedRange(req.headers.range, Array.isArray(ifRange) ? ifRange.join(', ') : ifRange, etag, f.sizeBytes);
    if (range === 'unsatisfiable') {
      throw new HttpProblem('range_not_satisfiable', `The file has ${f.sizeBytes} bytes; ask for a range within them.`, {
        'content-range': `bytes */${f.sizeBytes}`,
      });
    }
    this.downloads.admit(req, reply);
    const stream = await f.open(range);
    if (!stream) throw new NotFoundError('file');
    let body: Readable = stream;
    // A HEAD answers the headers a GET would, without reading the bytes past the first chunk (opened to be sure they exist).
    if (req.method === 'HEAD') {
      stream.destroy();
      body = Readable.from([]);
    }
    if (!range) {
      reply.status(200).headers({ ...representation(f, 200, etag), 'content-length': String(f.sizeBytes) });
      return this.downloads.send(reply, body);
    }
    reply.status(206).headers({
      ...representation(f, 206, etag),
      'content-range': `bytes ${range.start}-${range.end}/${f.sizeBytes}`,
      'content-length': String(range.end - range.start + 1),
    });
    return this.downloads.send(reply, body);
  }
}
