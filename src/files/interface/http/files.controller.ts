import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import { matches } from '../../../platform/http/conditional.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import type { ByteRange } from '../../application/ports/file.ports.js';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { UploadFileCommand } from '../../application/commands/upload-file/upload-file.command.js';
import { ListFilesQuery } from '../../application/queries/list-files/list-files.query.js';
import { OpenPublicFileQuery } from '../../application/queries/open-public-file/open-public-file.query.js';
import { extValue } from './content-disposition.js';
import { UploadedFile, UploadReader } from './upload.reader.js';

export class FileResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() mime_type!: string;
  @ApiProperty({ type: 'integer' }) size_bytes!: number;
  @ApiProperty({ description: 'Path on this service that serves the bytes without a key; pass it as `file_url` when adding a block.' })
  public_path!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
export const FileList = ListEnvelope(FileResponse, 'FileList');

/** The body of `POST /v1/files`: one multipart part. */
export class UploadFileBody {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'The file, with a filename (it becomes `name`) and a Content-Type that says what its bytes are: image/png, image/jpeg, ' +
      'image/webp, image/gif or application/pdf. At most 10 MiB (FILE_UPLOAD_MAX_BYTES).',
  })
  file!: string;
}

@ApiTags('Files')
@Controller('v1/files')
export class FilesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Post()
  @Operation({
    id: 'uploadFile',
    summary: 'Upload a file (PNG, JPEG, WebP, GIF or PDF, at most 10 MiB) as multipart/form-data',
    scope: 'files:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 201,
    multipart: { schema: UploadFileBody, reader: UploadReader },
    response: FileResponse,
    errors: ['storage_quota_exceeded'],
  })
  async upload(@Caller() caller: RequestPrincipal, @Input('body') b: UploadedFile, @Res({ passthrough: true }) reply: FastifyReply) {
    const file = await this.commands.execute(
      new UploadFileCommand(caller.workspaceId, b.staged.id, b.name, b.mimeType, b.staged.sizeBytes),
    );
    reply.header('location', file.public_path);
    return file;
  }

  @Get()
  @Operation({
    id: 'listFiles',
    summary: 'List workspace files, newest first',
    scope: 'files:read',
    write: false,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    query: ListQueryDto,
    response: FileList,
  })
  list(@Caller() caller: RequestPrincipal, @Input('query') q: ListQueryDto) {
    return this.queries.execute(new ListFilesQuery(caller.workspaceId, q.limit, q.after));
  }
}

/** Types a browser could execute as a document are downloaded, never rendered inline from our origin. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/javascript|text\/javascript)/;

/**
 * Serves `public_path` (`/files/<id>/<name>`) without a key, like a CDN URL, streamed from the file store. A file's
 * bytes never change under its id: the id is its ETag (304 to `If-None-Match`), and one byte range is served as 206
 * (a PDF viewer's); several ranges get the whole file. A store that is down is 503 with Retry-After (ADR 0064).
 */
@Controller('files')
export class PublicFilesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/:name')
  @ApiExcludeEndpoint()
  async serve(@Param('id') id: string, @Param('name') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const f = await this.queries.execute(new OpenPublicFileQuery(id, name));
    if (!f) throw new NotFoundError('file');
    const etag = `"${f.id}"`;
    const disposition = ACTIVE_TYPES.test(f.mimeType) ? 'attachment' : 'inline';
    reply
      .header('content-type', f.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `${disposition}; filename*=UTF-8''${extValue(f.name)}`);
    if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    const range = rangeOf(req, etag, f.sizeBytes);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${f.sizeBytes}`);
      throw new HttpProblem('range_not_satisfiable', `The file has ${f.sizeBytes} bytes; ask for a range within them.`);
    }
    const stream = await f.open(range);
    if (!stream) throw new NotFoundError('file');
    if (!range) return reply.status(200).header('content-length', String(f.sizeBytes)).send(stream);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${f.sizeBytes}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(stream);
  }
}

/**
 * The one byte range a request asks for (RFC 9110 §14): none without `Range`, with an `If-Range` that is not this
 * file's ETag, with several ranges or with one that cannot be parsed (the whole file is sent); `unsatisfiable` when
 * it starts past the end.
 */
function rangeOf(req: FastifyRequest, etag: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}
