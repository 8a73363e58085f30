import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { crc32, deflateSync } from 'node:zlib';
import { matches } from './site-http.js';

/** The service's own files at the root of its host: `/robots.txt` and `/favicon.ico` (decisions.md, docs/adr/0042). */

/**
 * Crawlers may read the live pages (`<site path>/`), and nothing of the API, the draft previews or the tracked
 * redirects: `/r/` as the contract names it, and the live pages' own `…/<slug>/r/<block>` click redirects, which
 * would otherwise count clicks nobody made.
 */
export function robotsTxt(sitePath: string): string {
  return [
    'User-agent: *',
    `Allow: ${sitePath}/`,
    'Disallow: /v1/',
    'Disallow: /preview/',
    'Disallow: /r/',
    `Disallow: ${sitePath}/*/r/`,
    '',
  ].join('\n');
}

const SIZE = 32;

/** A SIZE×SIZE RGBA PNG: the service's round mark (a blue disc with a white ring), antialiased at its edges. */
function markPng(): Buffer {
  const rows = Buffer.alloc((SIZE * 4 + 1) * SIZE);
  const c = (SIZE - 1) / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const d = Math.hypot(x - c, y - c);
      const cover = Math.min(1, Math.max(0, 15.5 - d)); // inside the disc, with a one-pixel soft edge
      const ring = d > 7 && d < 10.5 ? Math.min(1, Math.min(d - 7, 10.5 - d)) : 0;
      const [r, g, b] = [0x23 + (255 - 0x23) * ring, 0x50 + (255 - 0x50) * ring, 0xd8 + (255 - 0xd8) * ring];
      rows.set([r, g, b, 255 * cover].map(Math.round), y * (SIZE * 4 + 1) + 1 + x * 4);
    }
  }
  return encodePng(SIZE, SIZE, 4, rows);
}

/**
 * A PNG of `width`×`height` 8-bit pixels with `channels` samples each (3: RGB, 4: RGBA), from `rows`: each row a
 * filter byte (0) and its samples.
 */
export function encodePng(width: number, height: number, channels: 3 | 4, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The favicon: an ICO file holding one PNG image (every current browser reads PNG inside ICO). */
export function faviconIco(): Buffer {
  const png = markPng();
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(SIZE, 6); // width
  header.writeUInt8(SIZE, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(6 + 16, 18); // image offset
  return Buffer.concat([header, png]);
}

/** Serves `/robots.txt` and `/favicon.ico` at the root of the host, built once and cached long by browsers and CDNs. */
export function serveRootFiles(fastify: FastifyInstance, sitePath: string): void {
  const file = (path: string, type: string, body: Buffer, cache: string) => {
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    fastify.get(path, (req, reply) => {
      reply.headers({ 'content-type': type, 'cache-control': cache, etag, 'x-content-type-options': 'nosniff' });
      return matches(req.headers['if-none-match'], etag) ? reply.status(304).send() : reply.status(200).send(body);
    });
  };
  file('/robots.txt', 'text/plain; charset=utf-8', Buffer.from(robotsTxt(sitePath)), 'public, max-age=86400');
  file('/favicon.ico', 'image/x-icon', faviconIco(), 'public, max-age=31536000, immutable');
}
