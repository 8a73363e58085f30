import { describe, expect, it } from '@jest/globals';
import { compileStatement, type Statement } from './query-builder.js';
import { ALL, claimByShardGroup, groupByShard, type ShardGroup } from './shard-groups.js';
import type { Sql } from './sql.js';

describe('groupByShard', () => {
  it('puts the workspaces of one shard together, once each, in the order first seen', () => {
    const groups = groupByShard([
      { workspaceId: 'ws_a', shardId: '102008' },
      { workspaceId: 'ws_b', shardId: '102009' },
      { workspaceId: 'ws_c', shardId: '102008' },
      { workspaceId: 'ws_a', shardId: '102008' },
    ]);
    expect(groups).toEqual([['ws_a', 'ws_c'], ['ws_b']]);
  });

  it('splits a shard with many due workspaces into groups of at most the given size', () => {
    const placements = Array.from({ length: 5 }, (_, i) => ({ workspaceId: `ws_${i}`, shardId: '7' }));
    expect(groupByShard(placements, 2)).toEqual([['ws_0', 'ws_1'], ['ws_2', 'ws_3'], ['ws_4']]);
  });

  it('has no group for no workspace', () => {
    expect(groupByShard([])).toEqual([]);
  });
});

describe('claimByShardGroup', () => {
  /** A database that answers the distribution questions: on a cluster, each workspace on the shard `shards` names. */
  const database = (shards: Record<string, string> | null) =>
    ({
      all: async (statement: Statement<unknown>) => {
        const { sql, parameters } = compileStatement(statement);
        if (sql.includes("to_regclass('pg_catalog.pg_dist_partition')")) return [{ installed: shards !== null }];
        if (sql.includes('FROM pg_dist_partition')) return [{ distributed: true }];
        if (sql.includes('get_shard_id_for_distribution_column'))
          return (parameters.find(Array.isArray) as string[]).map((w) => ({ workspace_id: w, shard_id: shards![w] }));
        throw new Error(`unexpected statement: ${sql}`);
      },
    }) as unknown as Sql;

  it('claims once over every workspace on one PostgreSQL, without asking which are due', async () => {
    const groups: ShardGroup[] = [];
    const rows = await claimByShardGroup(
      database(null),
      async () => {
        throw new Error('not asked on one PostgreSQL');
      },
      async (group) => (groups.push(group), ['a', 'b']),
      () => false,
    );
    expect(groups).toEqual([ALL]);
    expect(rows).toEqual(['a', 'b']);
  });

  it('claims shard group by shard group on a cluster, until the rows are enough', async () => {
    const groups: ShardGroup[] = [];
    const rows = await claimByShardGroup(
      database({ ws_a: '1', ws_b: '2', ws_c: '1', ws_d: '3' }),
      async () => ['ws_a', 'ws_b', 'ws_c', 'ws_d'],
      async (group, claimed) => (groups.push(group), [`${claimed.length}:${group!.join('+')}`]),
      (claimed) => claimed.length >= 2,
    );
    expect(groups).toEqual([['ws_a', 'ws_c'], ['ws_b']]);
    expect(rows).toEqual(['0:ws_a+ws_c', '1:ws_b']);
  });
});
