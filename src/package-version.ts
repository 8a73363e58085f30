import { readFileSync } from 'node:fs';

/** The package's version (package.json, one folder above src/ and dist/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
