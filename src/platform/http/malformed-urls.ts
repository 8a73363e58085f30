import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Who answers a URL Fastify cannot route (bad percent-encoding, a parameter over its length) under some paths. */
interface MalformedUrlAnswer {
  /** whether the (raw) URL is one of this answer's */
  owns: (url: string) => boolean;
  answer: (req: FastifyRequest, reply: FastifyReply) => void;
}

const answers = new WeakMap<FastifyInstance, MalformedUrlAnswer[]>();

/**
 * A part of the application with its own way of answering (the live site's HTML 404 page) claims the malformed
 * URLs that `owns` recognises; the others stay problem+json (http-app.ts's `frameworkErrors`).
 */
export function answerMalformedUrls(server: FastifyInstance, owns: MalformedUrlAnswer['owns'], answer: MalformedUrlAnswer['answer']): void {
  answers.set(server, [...(answers.get(server) ?? []), { owns, answer }]);
}

/** The claimed answer to a malformed URL, if a part of the application claimed it. */
export function malformedUrlAnswer(req: FastifyRequest): MalformedUrlAnswer['answer'] | undefined {
  return answers.get(req.server)?.find((a) => a.owns(req.url))?.answer;
}
