import type { LoggerService } from '@nestjs/common';
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { privateError, privateMessage, withoutQuery } from './private-text.js';

/** Paths never written to logs: credentials, secrets and keys wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.secret',
  '*.key',
  '*.token',
  '*.password',
  '*.authorization',
  'secret',
  'key',
  'token',
];

/**
 * Fields that hold a URL: logged without the query string, fragment and user information (receivers of webhooks put
 * tokens in the query; decisions.md, "Traces and logs carry no secret and no visitor").
 */
export const URL_PATHS = ['url', '*.url', 'endpoint_url', '*.endpoint_url'];
const URL_FIELDS = new Set(['url', 'endpoint_url']);

/**
 * What every logger of the service applies, whatever its destination (docs/adr/0038, 0063): credentials redacted,
 * URLs without their queries, errors without a database error's row values (`detail`, `where`, …; private-text.ts)
 * and messages without a quoted refused value or a URL query.
 */
export const LOG_PRIVACY = {
  redact: {
    paths: [...REDACT_PATHS, ...URL_PATHS],
    censor: (value: unknown, path: string[]) =>
      URL_FIELDS.has(path[path.length - 1] ?? '') ? (typeof value === 'string' ? withoutQuery(value) : value) : '[redacted]',
  },
  serializers: { err: (err: unknown) => privateError(pino.stdSerializers.err(err as Error)) },
  hooks: {
    logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
      const at = typeof args[0] === 'string' ? 0 : typeof args[1] === 'string' ? 1 : -1;
      if (at >= 0) args[at] = privateMessage(args[at] as string);
      method.apply(this, args);
    },
  },
} satisfies Pick<LoggerOptions, 'redact' | 'serializers' | 'hooks'>;

export type LogFormat = 'json' | 'pretty';

/**
 * The process's logger: JSON lines (for collectors), or human-readable lines when `format` is `pretty`. Unset,
 * the format follows the output: pretty in a terminal, JSON when piped or redirected (decisions.md).
 */
export function createLogger(level: string, format: LogFormat | undefined = undefined): Logger {
  const options = {
    level,
    base: { service: 'bio-page' },
    ...LOG_PRIVACY,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if ((format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json') return pino(options);
  // In the main thread (not a transport worker), so nothing written just before an exit is lost.
  return pino(
    options,
    pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' }),
  );
}

/** Nest's own start-up chatter (one line per module and per mapped route): kept, at debug level. */
const FRAMEWORK_CHATTER = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** Nest's logger interface on top of pino, so framework and application logs share one JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    if (message && typeof message === 'object' && !(message instanceof Error)) {
      const text = typeof params[0] === 'string' && params.length > 1 ? params[0] : undefined;
      this.logger[level]({ context, ...(message as object) }, text);
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else {
      this.logger[level]({ context }, String(message));
    }
  }

  log(message: unknown, ...params: unknown[]) {
    const context = params[params.length - 1];
    this.write(typeof context === 'string' && FRAMEWORK_CHATTER.has(context) ? 'debug' : 'info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
}
