import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { DependencyUnavailableError, ValidationError } from '../../../platform/domain/domain-error.js';
import type { StreamedBody, StreamedBodyReader } from '../../../platform/http/pipeline/operation.js';
import { HttpProblem } from '../../../platform/http/problem.js';
import { IdGenerator } from '../../../platform/time/ids.js';
import { FileStorage, type StagedBytes } from '../../application/ports/file.ports.js';
import { uploadNameOf, uploadTypeOf } from '../../domain/upload-rules.js';

/** Room for the multipart envelope (boundaries, part headers) beyond the file itself in a declared Content-Length. */
const ENVELOPE_BYTES = 64 * 1024;

/** An upload as the operation's reader checked it: its bytes staged under the id the file gets. */
export class UploadedFile {
  constructor(
    readonly staged: StagedBytes,
    readonly name: string,
    readonly mimeType: string,
  ) {}
}

const invalid = (detail: string) => ValidationError.field('/file', detail);

/** A limit of the form parser passed: one part only, a file named `file`. */
const ONE_FILE_PART = 'Send exactly one part: the file, in a part named "file" with a filename and its Content-Type.';

/**
 * Reads `POST /v1/files` (docs/adr/0045) after the access checks: one `multipart/form-data` part named `file`,
 * streamed to the file store's staging area while it arrives (SHA-256 and size counted on the way). Past
 * FILE_UPLOAD_MAX_BYTES the reading stops at once: the staged bytes are deleted, the answer is 413
 * payload_too_large and the connection is closed (as Fastify does for a JSON body over its limit), so the rest is
 * never stored. A store out of reach (or an object store's part buffers all taken) is 503 with Retry-After
 * (docs/adr/0064). The type is told from the bytes and must agree with the part's Content-Type. The idempotency
 * fingerprint is the bytes' hash, size, filename and declared type.
 */
@Injectable()
export class UploadReader implements StreamedBodyReader {
  constructor(
    private readonly storage: FileStorage,
    private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(req: FastifyRequest): Promise<StreamedBody> {
    if (!req.isMultipart()) {
      throw new HttpProblem('unsupported_media_type', 'Send the file as multipart/form-data, in a part named "file".');
    }
    const max = this.config.files.uploadMaxBytes;
    if (Number(req.headers['content-length']) > max + ENVELOPE_BYTES) throw this.tooLarge(req, max);
    const id = this.ids.next('file');
    let part: { staged: StagedBytes; filename: string; declared: string } | undefined;
    try {
      const parts = req.parts({ limits: { fileSize: max, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 20 } });
      for await (const p of parts) {
        if (p.type !== 'file' || p.fieldname !== 'file') throw invalid(ONE_FILE_PART);
        // Past the limit, busboy would go on reading the part to its end: stop it there.
        let tooLarge = false;
        p.file.once('limit', () => {
          tooLarge = true;
          p.file.destroy(new Error('file too large'));
        });
        try {
          part = { staged: await this.storage.stage(id, p.file), filename: p.filename, declared: p.mimetype };
        } catch (err) {
          throw tooLarge ? this.tooLarge(req, max) : err;
        }
      }
    } catch (err) {
      await this.storage.discard(id);
      throw this.refusal(err, req, max);
    }
    if (!part) throw invalid(ONE_FILE_PART);
    const { staged, filename, declared } = part;
    try {
      const type = uploadTypeOf(declared, (await fileTypeFromBuffer(staged.head))?.mime);
      return {
        input: new UploadedFile(staged, uploadNameOf(filename, type), type),
        fingerprint: { file: { sha256: staged.sha256, size_bytes: staged.sizeBytes, filename, content_type: declared } },
        discard: () => this.storage.discard(id),
      };
    } catch (err) {
      await this.storage.discard(id);
      throw err;
    }
  }

  /** 413, with the connection closed after the answer; what the client still sends is read and dropped meanwhile. */
  private tooLarge(req: FastifyRequest, max: number): HttpProblem {
    stopReading(req);
    return new HttpProblem('payload_too_large', `The file is larger than ${max} bytes, the most one upload may carry.`, CLOSE);
  }

  /**
   * What a failed read answers: the form parser's errors become 400 (413 past the limit), with the connection closed
   * after the answer; the store's own failures (a full disk) are not the client's fault and stay errors (500). The
   * body may be partly unread: the parsing stops, and what still comes is dropped.
   */
  private refusal(err: unknown, req: FastifyRequest, max: number): unknown {
    if (err instanceof HttpProblem) return err;
    stopReading(req);
    // The store's failures are not the client's fault: a full disk is 500, a store out of reach or busy 503.
    if ((err as NodeJS.ErrnoException).syscall !== undefined || err instanceof DependencyUnavailableError) return err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return this.tooLarge(req, max);
    if (err instanceof ValidationError) return new HttpProblem('invalid_request', err.message, CLOSE, err.errors);
    const detail =
      code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION'
        ? ONE_FILE_PART
        : code === 'FST_MP_PREMATURE_CLOSE' || req.raw.destroyed
          ? 'The request ended before its body did; nothing was stored.'
          : `The multipart body could not be read (${(err as Error).message}).`;
    return new HttpProblem('invalid_request', detail, CLOSE, [{ pointer: '/file', detail }]);
  }
}

const CLOSE = { connection: 'close' };

/** Stops parsing the body: the rest is read and dropped (never stored) until it ends or the connection closes. */
function stopReading(req: FastifyRequest): void {
  req.raw.unpipe();
  req.raw.resume();
}
