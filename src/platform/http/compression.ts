import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Responses over 1 KiB are compressed, `br` or `gzip` as `Accept-Encoding` asks (decisions.md, "The SDK and the MCP
 * server, the way their users expect them"; docs/adr/0048). Dynamic answers are compressed as they are sent, brotli
 * at quality 4 (about as fast as gzip, smaller); request bodies are not decompressed (a body is JSON as sent).
 * Registered before the application's routes: the plugin adds its hook to each route as it is registered.
 */
export const COMPRESS_MIN_BYTES = 1024;

export async function installCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress as never, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
  });
}

/**
 * A document that never changes while the process runs (the OpenAPI document), encoded once per encoding at its best
 * quality, so that a client asking for it over and over costs a lookup, not a compression.
 */
export class Precompressed {
  private readonly encoded = new Map<'br' | 'gzip', Buffer>();
  private readonly identity: Buffer;

  constructor(
    body: string,
    private readonly contentType: string,
  ) {
    this.identity = Buffer.from(body);
  }

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const accepted = req.headers['accept-encoding'];
    const encoding =
      this.identity.length >= COMPRESS_MIN_BYTES && typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip'] as const) : null;
    void reply.header('content-type', this.contentType).header('vary', 'accept-encoding');
    if (!encoding) return reply.send(this.identity);
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(this.identity, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }
}
