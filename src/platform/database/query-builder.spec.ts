import { describe, expect, it } from '@jest/globals';
import { compileStatement, prepared, queryBuilder, sql, type Slots } from './query-builder.js';

interface Db {
  t: { id: string; n: number; at: Date };
}
const db = queryBuilder<Db>();

describe('prepared statements', () => {
  const byId = prepared((p: Slots<{ id: string; n: number }>) =>
    db.selectFrom('t').select(['id', 'at']).where('id', '=', p.id).where('n', '>', p.n).where('n', '<', 10).limit(p.n),
  );

  it('compile the text once and bind each call’s values in the slots’ places, constants kept', () => {
    const a = byId({ id: 'a', n: 1 });
    const b = byId({ id: 'b', n: 2 });
    expect(a.sql).toBe('select "id", "at" from "t" where "id" = $1 and "n" > $2 and "n" < $3 limit $4');
    expect(b.sql).toBe(a.sql);
    expect(a.parameters).toEqual(['a', 1, 10, 1]);
    expect(b.parameters).toEqual(['b', 2, 10, 2]);
  });

  it('compile to what building the statement for the same values gives', () => {
    const built = compileStatement(
      db.selectFrom('t').select(['id', 'at']).where('id', '=', 'a').where('n', '>', 1).where('n', '<', 10).limit(1),
    );
    const bound = byId({ id: 'a', n: 1 });
    expect([bound.sql, bound.parameters]).toEqual([built.sql, built.parameters]);
  });

  it('bind slots inside sql templates too', () => {
    const q = prepared((p: Slots<{ ids: string[] }>) => sql<{ id: string }>`select id from t where id = any(${p.ids})`);
    expect(q({ ids: ['x', 'y'] }).parameters).toEqual([['x', 'y']]);
  });
});
