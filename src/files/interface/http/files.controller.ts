import { Controller, Get, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { UploadFileCommand } from '../../application/commands/upload-file/upload-file.command.js';
import { ListFilesQuery } from '../../application/queries/list-files/list-files.query.js';
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
