// The baseline for the live-site benchmark: the smallest Fastify server that answers the same requests from
// memory, in its own process. The live page is the service's own HTML (read from SITE_HTML_FILE) and the
// tracked redirect a 302 to the same Location, with none of the service's work (no lookup, no counting).
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const page = readFileSync(process.env.SITE_HTML_FILE);
const location = process.env.SITE_LOCATION;
const app = Fastify({ logger: false });
app.get('/p/:slug', (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
app.get('/p/:slug/r/:block', (_req, reply) => reply.status(302).header('location', location).send());
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('site baseline listening');
