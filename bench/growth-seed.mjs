// The growth bench's year of data (bench/growth.mjs), in bulk SQL (generate_series), as the service would have
// written it: rows in time order (append-mostly tables are), every constraint of the schema met. It ends an hour ago,
// before the fresh measurement's own rows.

const REFERRERS = `(ARRAY['Direct','instagram.com','t.co','youtube.com','tiktok.com','facebook.com','google.com',
  'reddit.com','linkedin.com','news.ycombinator.com','bing.com','duckduckgo.com'])`;
const YEAR_S = 365 * 86_400;

/** Runs `chunkSql` over 1..total in slices of `chunk` rows ($1 from, $2 to, then `params`). */
async function inChunks(q, total, chunk, chunkSql, params) {
  const t0 = performance.now();
  for (let from = 1; from <= total; from += chunk) await q(chunkSql, [from, Math.min(total, from + chunk - 1), ...params]);
  const table = /INSERT INTO (\w+)/.exec(chunkSql)[1];
  console.error(`growth: ${table}, series of ${total.toLocaleString('en')}, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * A year of analytics facts, daily visitor sets and rollups; of ended deliveries (envelope, projection, two events);
 * of published outbox rows; of idempotency keys. Returns the row counts it wrote.
 */
export async function seedYear(q, own, v) {
  const t = () => `(now() - interval '1 hour' - make_interval(secs => ${YEAR_S}.0 * ($3::bigint - g) / $3::bigint))`;
  // The measured workspace gets every 10th row; the others share the rest.
  const workspace = `CASE WHEN g % 10 = 0 THEN $4 ELSE 'ws_growth_' || (g % ${v.others}) END`;

  await inChunks(
    q,
    v.facts,
    v.chunk,
    `INSERT INTO analytics_facts (workspace_id, page_id, block_id, kind, referrer, visitor_hash, occurred_at)
     SELECT ${workspace}, 'pg_' || (g % 50), CASE WHEN g % 4 = 0 THEN 'blk_' || (g % 10) END,
            CASE WHEN g % 4 = 0 THEN 'CLICK' ELSE 'VIEW' END, ${REFERRERS}[1 + g % 12], 'v' || (g * 7919) % 50000, ${t()}
       FROM generate_series($1::bigint, $2::bigint) g`,
    [v.facts, own],
  );
  // Daily sets from a year ago to yesterday (today's are the fresh run's), oldest day first.
  await q(
    `INSERT INTO analytics_daily_visitors (workspace_id, day, visitor_hash)
     SELECT w.id, current_date - d, 'v' || i
       FROM generate_series(365, 1, -1) d
      CROSS JOIN (SELECT $1::text AS id, $2::int AS n UNION ALL SELECT 'ws_growth_' || k, $3 FROM generate_series(0, $4 - 1) k) w
      CROSS JOIN LATERAL generate_series(1, w.n) i`,
    [own, v.ownVisitors, v.otherVisitors, v.others],
  );
  // Rollups: kept for good (the summary reads them), so a year of them.
  await q(
    `INSERT INTO analytics_daily_totals (workspace_id, day, views, clicks, unique_visitors)
     SELECT w.id, current_date - d, 3000, 700, w.n FROM generate_series(365, 1, -1) d
      CROSS JOIN (SELECT $1::text AS id, $2::int AS n UNION ALL SELECT 'ws_growth_' || k, $3 FROM generate_series(0, $4 - 1) k) w`,
    [own, v.ownVisitors, v.otherVisitors, v.others],
  );
  await q(
    `INSERT INTO analytics_daily_referrers (workspace_id, day, referrer, views)
     SELECT $1, current_date - d, ${REFERRERS}[r], 250 FROM generate_series(365, 1, -1) d CROSS JOIN generate_series(1, 12) r`,
    [own],
  );
  await q(
    `INSERT INTO analytics_daily_links (workspace_id, day, block_id, page_id, label, url, clicks)
     SELECT $1, current_date - d, 'blk_' || b, 'pg_1', 'Link ' || b, 'https://example.com/' || b, 70
       FROM generate_series(365, 1, -1) d CROSS JOIN generate_series(0, 9) b`,
    [own],
  );

  // Webhooks: each event's envelope, its delivery (SUCCEEDED, every 20th FAILED) and the two events of its stream.
  const endpoint = `CASE WHEN g % 10 = 0 THEN 'we_growth_own' ELSE 'we_growth_' || (g % ${v.others}) END`;
  const at = `to_char(${t()} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await inChunks(
    q,
    v.deliveries,
    v.chunk,
    `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at)
     SELECT 'whmsg_y' || g, ${workspace}, 'contact.created',
            '{"id":"whmsg_y' || g || '","type":"contact.created","created_at":"' || ${at} ||
            '","data":{"contact":{"id":"ct_' || g || '","email":"fan' || g || '@example.com","source":"NEWSLETTER"}}}',
            ${t()}
       FROM generate_series($1::bigint, $2::bigint) g`,
    [v.deliveries, own],
  );
  await inChunks(
    q,
    v.deliveries,
    v.chunk,
    `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, status, attempt_count, attempts,
                                     next_attempt_at, last_status_code, recorded_while_disabled, version, created_at,
                                     attempts_in_cycle)
     SELECT 'whd_y' || g, ${endpoint}, ${workspace}, 'whmsg_y' || g, 'contact.created',
            CASE WHEN g % 20 = 0 THEN 'FAILED' ELSE 'SUCCEEDED' END, 1,
            jsonb_build_array(jsonb_build_object('number', 1, 'statusCode', CASE WHEN g % 20 = 0 THEN 500 ELSE 200 END,
                              'error', NULL, 'durationMs', 40, 'at', ${at})),
            NULL, CASE WHEN g % 20 = 0 THEN 500 ELSE 200 END, false, 2, ${t()}, 0
       FROM generate_series($1::bigint, $2::bigint) g`,
    [v.deliveries, own],
  );
  await inChunks(
    q,
    v.deliveries,
    v.chunk / 2,
    `INSERT INTO webhook_delivery_events (workspace_id, delivery_id, version, type, data, recorded_at)
     SELECT ${workspace}, 'whd_y' || g, e.version, e.type, e.data, ${t()}
       FROM generate_series($1::bigint, $2::bigint) g
      CROSS JOIN LATERAL (VALUES
        (1, 'DeliveryCreated', jsonb_build_object('deliveryId', 'whd_y' || g, 'endpointId', ${endpoint},
            'workspaceId', ${workspace}, 'eventId', 'whmsg_y' || g, 'eventType', 'contact.created', 'at', ${at},
            'nextAttemptAt', ${at})),
        (2, 'AttemptSucceeded', jsonb_build_object('number', 1, 'statusCode', 200, 'durationMs', 40, 'at', ${at}))
      ) AS e(version, type, data)`,
    [v.deliveries, own],
  );
  await inChunks(
    q,
    v.outbox,
    v.chunk,
    `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at, processed_at, available_at, attempts)
     SELECT 'evt_y' || g, ${workspace}, 'contact.created', '{"data":{"contact":{"id":"ct_1"}}}', ${t()},
            ${t()} + interval '1 second', ${t()}, 1
       FROM generate_series($1::bigint, $2::bigint) g`,
    [v.outbox, own],
  );
  await inChunks(
    q,
    v.keys,
    v.chunk,
    `INSERT INTO idempotency_keys (workspace_id, mode, key, fingerprint, owner_token, state, response_status,
                                   response_body, response_headers, created_at, lease_expires_at)
     SELECT ${workspace}, 'live', 'key-' || g, md5(g::text), md5(g::text), 'done', 201, '{"sealed":"x"}', '{}',
            ${t()}, ${t()} + interval '30 seconds'
       FROM generate_series($1::bigint, $2::bigint) g`,
    [v.keys, own],
  );
  const visitors = 365 * (v.ownVisitors + v.others * v.otherVisitors);
  return { facts: v.facts, visitors, deliveries: v.deliveries, events: 2 * v.deliveries, outbox: v.outbox, keys: v.keys };
}
