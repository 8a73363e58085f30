import { describe, expect, it } from '@jest/globals';
import { groupByShard } from './shard-groups.js';

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
