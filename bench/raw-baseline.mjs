// The baseline for the read benchmark: the smallest Fastify + pg handler that reads a page by id,
// with none of the service's pipeline (no key check, rate limit, quota, validation or envelope).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/v1/pages/:id', async (req, reply) => {
  const { rows } = await pool.query(
    'SELECT id, workspace_id, title, description, slug, status, locale, theme, draft_blocks, draft_updated_at, ' +
      'live_blocks, live_updated_at, created_at FROM pages WHERE id = $1',
    [req.params.id],
  );
  if (rows.length === 0) return reply.status(404).send({ code: 'resource_not_found' });
  return rows[0];
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('raw baseline listening');
