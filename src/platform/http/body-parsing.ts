import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem.js';

/**
 * A body the parser could not accept. It is kept on `request.body` instead of failing at once, so the
 * access checks still come first (401 before 400/415, as the contract orders them); the operation
 * interceptor raises it after the AccessGuard. Oversized bodies (413) are still refused while reading.
 */
export class RefusedBody {
  constructor(readonly problem: HttpProblem) {}
}

/** JSON only: `application/json` is parsed (proto-poisoning safe); every other media type is refused (415). */
export function installBodyParsers(fastify: FastifyInstance): void {
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
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (req, _body, done) => {
    const type = String(req.headers['content-type'] ?? '').split(';')[0];
    done(null, new RefusedBody(new HttpProblem('unsupported_media_type', `Content-Type ${type || '(none)'} is not accepted; send application/json.`)));
  });
}
