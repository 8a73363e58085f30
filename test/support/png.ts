import { encodePng } from '../../src/site/interface/http/site-files.js';

/** A real PNG of `width`×1 grey RGB pixels, then `padding` zero bytes (a viewer ignores what follows IEND). */
export function png(width = 1, padding = 0): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  return Buffer.concat([encodePng(width, 1, 3, row), Buffer.alloc(padding)]);
}
