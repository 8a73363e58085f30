import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

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

export type LogFormat = 'json' | 'pretty';

/**
 * The process's logger: JSON lines (for collectors), or human-readable lines when `format` is `pretty`. Unset,
 * the format follows the output: pretty in a terminal, JSON when piped or redirected (decisions.md).
 */
export function createLogger(level: string, format: LogFormat | undefined = undefined): Logger {
  const options = {
    level,
    base: { service: 'bio-page' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
