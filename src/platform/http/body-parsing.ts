import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MULTIPART_ROUTE } from './pipeline/operation.js';
import { jsonSyntaxError } from './json-syntax.js';
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
 * (`application/x-www-form-urlencoded`) only under `formPathPrefix` (the live site) and on routes whose config says
 * `forms: true` (a custom domain's forms, at the root of its host); there they become a
 * plain object of the first value of each field. `multipart/form-data` only on the routes of operations that declare
 * a multipart body (an upload, docs/adr/0045): there the body is left unread for the operation's reader, which
 * reads it after the access checks. Every other media type, and a form or a multipart body elsewhere, is 415.
 */
export function installBodyParsers(fastify: FastifyInstance, options: { formPathPrefix?: string } = {}): void {
  fastify.removeAllContentTypeParsers();
  const json = fastify.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const invalid = (detail: string) => new RefusedBody(new HttpProblem('invalid_request', detail, {}, [{ pointer: '', detail }]));
  const parseJson: Parameters<FastifyInstance['addContentTypeParser']>[2] = (req, body, done) => {
    if ((body as Buffer).length === 0)
      return done(null, invalid('The body is empty but Content-Type says application/json; send a JSON object or no Content-Type.'));
    let text: string;
    try {
      // Strict: bytes that are not UTF-8 are refused rather than replaced (the stored text would not be what was sent).
      text = utf8.decode(body as Buffer);
    } catch {
      return done(null, invalid('The request body is not valid UTF-8.'));
    }
    json(req, text, (err, parsed) => {
      if (!err) return done(null, parsed);
      const where = jsonSyntaxError(text);
      done(null, invalid(where ? `The request body is not valid JSON: ${where}.` : 'The request body is not valid JSON.'));
    });
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJson);
  // A merge patch (RFC 7396) says so with its own media type; the PATCH operations are merge patches.
  fastify.addContentTypeParser('application/merge-patch+json', { parseAs: 'buffer' }, (req, body, done) => {
    if (req.method === 'PATCH') return parseJson.call(fastify, req, body, done);
    const detail = 'Content-Type application/merge-patch+json is accepted on PATCH only; send application/json.';
    done(null, new RefusedBody(new HttpProblem('unsupported_media_type', detail)));
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    const onSite = options.formPathPrefix !== undefined && req.url.startsWith(options.formPathPrefix);
    if (!onSite && (req.routeOptions.config as { forms?: boolean } | undefined)?.forms !== true) {
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
  // @fastify/multipart's parser only marks the request as multipart and leaves the body unread; the routes that
  // did not ask for it refuse it as they refuse any other media type.
  void fastify.register(multipart);
  fastify.addHook('preValidation', (req, _reply, done) => {
    if (req.isMultipart() && req.routeOptions.config?.[MULTIPART_ROUTE as never] !== true) {
      req.body = new RefusedBody(
        new HttpProblem('unsupported_media_type', 'Content-Type multipart/form-data is not accepted here; send application/json.'),
      );
    }
    done();
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
