import { describe, expect, it } from '@jest/globals';
import { databaseLocation } from './database-location.js';

describe('where a DATABASE_URL points, as the CLI says it', () => {
  it.each([
    ['postgres://app:s3cret@db.internal:6432/biopage?sslmode=require', 'db.internal:6432/biopage'],
    ['postgresql://postgres@127.0.0.1/postgres', '127.0.0.1:5432/postgres'],
    ['postgres://u:p@[::1]:5433/my%20db', '[::1]:5433/my db'],
    ['postgres:///biopage?host=/var/run/postgresql', '/var/run/postgresql:5432/biopage'],
    ['postgres://u@db', 'db:5432/(the default database)'],
  ])('%s is %s', (url, where) => {
    expect(databaseLocation(url)).toBe(where);
  });

  it('never prints the user name or the password, even of a URL it cannot read', () => {
    for (const url of ['postgres://admin:hunter2@db:5432/x', 'postgres://admin:hunter2@db:99999/x', 'not a url admin:hunter2'])
      expect(databaseLocation(url)).not.toMatch(/admin|hunter2/);
  });
});
