import { BLOCK_DATA, BLOCK_KINDS } from '../../domain/block-kinds.js';
import { jsonSchemaOf } from '../../domain/block-schema.js';

/** `LinkBlockData`, `HeaderBlockData`, …: one OpenAPI component per block kind, from the domain's schemas. */
export function blockDataSchemas(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    BLOCK_KINDS.map((kind) => [
      `${kind[0]}${kind.slice(1).toLowerCase()}BlockData`,
      { ...jsonSchemaOf(BLOCK_DATA[kind]), title: `${kind} block data` },
    ]),
  );
}
