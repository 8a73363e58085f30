import type { OpenApiContribution } from '../../../platform/openapi/examples.js';
import { BLOCK_KINDS, dataJsonSchema, FILE_KINDS, type BlockKind } from '../../domain/block-kinds.js';
import { STAMP_DESCRIPTION } from './dto/page.dto.js';
import { PAGES_EXAMPLES } from './openapi-examples.js';

type Schema = Record<string, unknown>;
const pascal = (kind: BlockKind) => `${kind[0]}${kind.slice(1).toLowerCase()}`;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `LinkBlockData`, `HeaderBlockData`, …: one OpenAPI component per block kind, from the domain's schemas. */
function dataSchemas(): Record<string, Schema> {
  return Object.fromEntries(
    BLOCK_KINDS.map((kind) => [`${pascal(kind)}BlockData`, { ...dataJsonSchema(kind), title: `${kind} block data` }]),
  );
}

/**
 * `AddLinkBlockBody`, …: the add-block body of each kind, so that a LINK with TEXT data does not validate.
 * `data` is required when the kind has required fields; `file_url` is required for the kinds that show a file
 * and absent from the others (the server refuses it there).
 */
function addBlockBodies(data: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(
    BLOCK_KINDS.map((kind) => {
      const takesFile = FILE_KINDS.includes(kind);
      const dataRequired = ((data[`${pascal(kind)}BlockData`].required as string[] | undefined) ?? []).length > 0;
      const body = {
        type: 'object',
        title: `Add a ${kind} block`,
        additionalProperties: false,
        required: ['expected_updated_at', 'kind', ...(dataRequired ? ['data'] : []), ...(takesFile ? ['file_url'] : [])],
        properties: {
          expected_updated_at: {
            type: 'string',
            format: 'date-time',
            description: STAMP_DESCRIPTION,
          },
          kind: { type: 'string', const: kind },
          data: ref(`${pascal(kind)}BlockData`),
          ...(takesFile
            ? {
                file_url: { type: 'string', maxLength: 600, description: 'The `public_path` of a workspace file.' },
                file_name: { type: 'string', minLength: 1, maxLength: 255, description: 'Display name (defaults to the file’s name).' },
              }
            : {}),
        },
      };
      return [`Add${pascal(kind)}BlockBody`, body];
    }),
  );
}

/** `LinkBlockDataPatch`, …: a JSON merge patch of a kind's data (an optional field may be removed with null). */
function dataPatches(data: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(
    BLOCK_KINDS.map((kind) => {
      const schema = data[`${pascal(kind)}BlockData`];
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const properties = Object.fromEntries(
        Object.entries(schema.properties as Record<string, Schema>).map(([name, property]) => [
          name,
          required.has(name) ? property : { anyOf: [property, { type: 'null' }] },
        ]),
      );
      return [
        `${pascal(kind)}BlockDataPatch`,
        { type: 'object', title: `${kind} block data patch`, additionalProperties: false, properties },
      ];
    }),
  );
}

/** The pages context's additions to the OpenAPI document: typed block data and bodies, and examples. */
export function pagesOpenApi(): OpenApiContribution {
  const data = dataSchemas();
  const bodies = addBlockBodies(data);
  const patches = dataPatches(data);
  return {
    schemas: {
      ...data,
      ...bodies,
      ...patches,
      AddBlockBody: {
        description: 'One block, its `data` typed by `kind`.',
        oneOf: Object.keys(bodies).map(ref),
        discriminator: {
          propertyName: 'kind',
          mapping: Object.fromEntries(BLOCK_KINDS.map((kind) => [kind, `#/components/schemas/Add${pascal(kind)}BlockBody`])),
        },
      },
    },
    // BlockUpdate.data: the patch of the block's kind (the kind is the block's, not in the body).
    properties: { 'BlockUpdate.data': { anyOf: Object.keys(patches).map(ref) } },
    examples: PAGES_EXAMPLES,
  };
}
