import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';

/**
 * A body the parser could not accept. It is kept on `request.body` instead of failing at once, so the
 * access checks still come first (401 before 400/415, as the contract orders them); the operation
 * interceptor raises it after the OperationGuard. Oversized bodies (413) are still refused while reading.
 */
export class RefusedBody {
  constructor(readonly problem: HttpProblem) {}
}

/**
 * JSON for the API: `application/json` is parsed (proto-poisoning safe). HTML forms
 * (`application/x-www-form-urlencoded`) only under `formPathPrefix` (the live site); there they become a
 * plain object of the first value of each field. Every other media type, and a form elsewhere, is 415.
 */
export function installBodyParsers(fastify: FastifyInstance, options: { formPathPrefix?: string } = {}): void {
  fastify.removeAllContentTypeParsers();
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).length === 0) {
      const detail = 'The body is empty but Content-Type says application/json; send a JSON object or no Content-Type.';
      return done(null, new RefusedBody(new HttpProblem('invalid_request', detail, {}, [{ pointer: '', detail }])));
    }
    json(req, body as string, (err, parsed) => {
      if (!err) return done(null, parsed);
      const detail = 'The request body is not valid JSON.';
      done(null, new RefusedBody(new HttpProblem('invalid_request', detail, {}, [{ pointer: '', detail }])));
    });
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!options.formPathPrefix || !req.url.startsWith(options.formPathPrefix)) {
      return done(
        null,
        new RefusedBody(
          new HttpProblem(
            'unsupported_media_type',
            'Content-Type application/x-www-form-urlencoded is not accepted; send application/json.',
          ),
        ),
      );
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [k, v] of new URLSearchParams(body as string)) if (!(k in fields)) fields[k] = v;
    done(null, fields);
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (req, _body, done) => {
    const type = String(req.headers['content-type'] ?? '').split(';')[0];
    done(
      null,
      new RefusedBody(
        new HttpProblem('unsupported_media_type', `Content-Type ${type || '(none)'} is not accepted; send application/json.`),
      ),
    );
  });
}
