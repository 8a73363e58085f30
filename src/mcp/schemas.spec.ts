import { describe, expect, it } from '@jest/globals';
import { compactInput, outline, problemOutline } from './schemas.js';

const stamp = { type: 'string', format: 'date-time', description: 'The `draft.updated_at` you last read.' };
const variant = (kind: string, data: object) => ({
  type: 'object',
  title: `Add a ${kind} block`,
  additionalProperties: false,
  required: ['expected_updated_at', 'kind', 'data'],
  properties: {
    expected_updated_at: stamp,
    kind: { type: 'string', enum: [kind], description: 'discriminator', 'x-internal': true },
    data: { type: 'object', title: `${kind} block data`, properties: data, required: Object.keys(data) },
  },
});

describe('an input schema, compact', () => {
  it('keeps every rule, says a field description once, and drops what constrains nothing', () => {
    const body = {
      description: 'One block.',
      oneOf: [
        variant('LINK', { url: { type: 'string', format: 'uri', maxLength: 2048, description: 'target of the link' } }),
        variant('TEXT', { text: { type: 'string', minLength: 1, maxLength: 5000, example: 'Hello' } }),
      ],
      discriminator: { propertyName: 'kind', mapping: { LINK: '#/components/schemas/AddLinkBlockBody' } },
    };
    const schema = {
      type: 'object',
      properties: { page_id: { type: 'string', description: 'Page ID' }, body },
      required: ['page_id', 'body'],
      additionalProperties: false,
    };
    const variantOut = (kind: string, data: object, first: boolean) => ({
      type: 'object',
      additionalProperties: false,
      required: ['expected_updated_at', 'kind', 'data'],
      properties: {
        expected_updated_at: first ? stamp : { type: 'string', format: 'date-time' },
        kind: { type: 'string', enum: [kind], ...(first ? { description: 'discriminator' } : {}) },
        data: { type: 'object', properties: data, required: Object.keys(data) },
      },
    });
    expect(compactInput(schema)).toEqual({
      type: 'object',
      properties: {
        page_id: { type: 'string' },
        body: {
          description: 'One block.',
          oneOf: [
            variantOut('LINK', { url: { type: 'string', format: 'uri', maxLength: 2048, description: 'target of the link' } }, true),
            variantOut('TEXT', { text: { type: 'string', minLength: 1, maxLength: 5000 } }, false),
          ],
        },
      },
      required: ['page_id', 'body'],
      additionalProperties: false,
    });
  });

  it('keeps the titles of a union without a discriminator, and a description said of another field', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string', description: 'Applies to the live page at once.' },
        description: { type: 'string', description: 'Applies to the live page at once.' },
        data: {
          anyOf: [
            { type: 'object', title: 'LINK block data patch' },
            { type: 'object', title: 'TEXT block data patch' },
          ],
        },
      },
    };
    expect(compactInput(schema)).toEqual(schema);
  });

  it('spells an optional field of a merge patch as a type list, and leaves other unions alone', () => {
    const patch = {
      type: 'object',
      properties: {
        caption: { anyOf: [{ type: 'string', maxLength: 300, description: 'shown below' }, { type: 'null' }] },
        alt: { description: 'for screen readers', anyOf: [{ type: 'null' }, { type: 'string', maxLength: 300 }] },
        size: { anyOf: [{ type: 'string', enum: ['s', 'm'] }, { type: 'null' }] },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        tagged: { anyOf: [{ type: 'string' }, { type: 'null', title: 'none' }] },
      },
    };
    expect(compactInput(patch).properties).toEqual({
      caption: { type: ['string', 'null'], maxLength: 300, description: 'shown below' },
      alt: { type: ['string', 'null'], maxLength: 300, description: 'for screen readers' },
      size: patch.properties.size, // null is not among the enum's values: the union stays
      either: patch.properties.either,
      tagged: patch.properties.tagged,
    });
  });

  it('keeps values as they are, even when they look like schemas', () => {
    const schema = {
      type: 'object',
      properties: { mode: { enum: [{ description: 'x' }], default: { title: 'y', 'x-kept': 1 } } },
      patternProperties: { '^description$': { type: 'string', example: 'gone' } },
    };
    expect(compactInput(schema)).toEqual({
      type: 'object',
      properties: { mode: { enum: [{ description: 'x' }], default: { title: 'y', 'x-kept': 1 } } },
      patternProperties: { '^description$': { type: 'string' } },
    });
  });
});

describe('an output schema, outlined', () => {
  it('names the fields of the answer and requires none, so that any object, a problem too, passes it', () => {
    const page = {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'the ID' },
        status: { type: 'string', enum: ['DRAFT', 'PUBLISHED'] },
        draft: { type: 'object', properties: { updated_at: { type: 'string' } }, required: ['updated_at'] },
      },
      required: ['id', 'status', 'draft'],
      additionalProperties: false,
    };
    expect(outline(page)).toEqual({ type: 'object', properties: { id: {}, status: {}, draft: {} } });
    const either = { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { properties: { b: {}, a: {} } }] };
    expect(outline(either)).toEqual({ type: 'object', properties: { a: {}, b: {} } });
    expect(outline({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });

  it('cuts the problem to its status and code, with their types, required as the document requires them', () => {
    const problem = {
      type: 'object',
      required: ['type', 'status', 'code'],
      properties: {
        type: { type: 'string', format: 'uri' },
        status: { type: 'integer', description: 'HTTP status' },
        code: { type: 'string', examples: ['invalid_request'] },
        detail: { type: 'string' },
      },
    };
    expect(problemOutline(problem)).toEqual({
      type: 'object',
      properties: { status: { type: 'integer' }, code: { type: 'string' } },
      required: ['status', 'code'],
    });
    expect(problemOutline({ type: 'object', properties: { code: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { code: { type: 'string' } },
    });
  });
});
