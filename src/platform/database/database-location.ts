/**
 * Where a `DATABASE_URL` points, for a person to read: `host:port/database`, never the user name or the password.
 * The CLI says it on stderr before it touches anything (docs/adr/0069). Follows libpq's defaults: a `host` query
 * parameter (a socket folder) when the URL names no host, port 5432, and the server's default database when the
 * path names none.
 */
export function databaseLocation(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return 'the server DATABASE_URL names'; // it may hold a password: never echoed
  }
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const port = url.port || url.searchParams.get('port') || '5432';
  let database: string;
  try {
    database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    database = url.pathname.replace(/^\//, '');
  }
  return `${host}:${port}/${database || '(the default database)'}`;
}
