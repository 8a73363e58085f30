import { execFile } from 'node:child_process';
import type { TestApp } from './test-app.js';

/**
 * Runs the compiled operator CLI as an operator would, against the test database. The line the CLI starts stderr with,
 * naming the database it uses (`Using PostgreSQL at …`), is given apart as `database`; `stderr` is the rest.
 */
export function cli(
  t: TestApp,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; database: string | null; json: any }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/cli.js', ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          DATA_DIR: t.config.dataDir,
          SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
          ...env,
        },
      },
      (err, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        const [, database = null, rest = stderr] = /^(Using [^\n]*)\n([^]*)$/.exec(stderr) ?? [];
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr: rest, database, json });
      },
    );
  });
}
