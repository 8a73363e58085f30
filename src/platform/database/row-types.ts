import pg from 'pg';

const DATE = 1082;

/**
 * How column values come back, matching the table definitions' types (docs/adr/0027): `timestamptz` as `Date`
 * and `bigint` as `string` (node-postgres's defaults), `date` as its `YYYY-MM-DD` text. MikroORM's own pool
 * would keep every date and time as text, which the typed rows could not say.
 */
export const rowTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};
