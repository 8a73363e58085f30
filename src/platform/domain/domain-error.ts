/** A field-level validation failure: a JSON Pointer into the body, or a query/path parameter name. */
export type FieldError = { pointer: string; detail: string } | { parameter: string; detail: string };

/** A 400 lists at most this many field errors (the first found); validation stops once it has them. */
export const MAX_FIELD_ERRORS = 100;

/**
 * Base of every error the domain and application layers raise. It carries a stable `code` from the error
 * catalog; the HTTP layer alone turns it into problem+json. Nothing below a controller knows HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 invalid_request with field pointers: at most MAX_FIELD_ERRORS of them, the first found. */
export class ValidationError extends DomainError {
  constructor(errors: FieldError[], message = 'The request failed validation.') {
    super('invalid_request', message, errors.length > MAX_FIELD_ERRORS ? errors.slice(0, MAX_FIELD_ERRORS) : errors);
  }

  static field(pointer: string, detail: string): ValidationError {
    return new ValidationError([{ pointer, detail }], detail);
  }

  static parameter(parameter: string, detail: string): ValidationError {
    return new ValidationError([{ parameter, detail }], detail);
  }
}

/**
 * Runs each check and gathers the field errors of every one that refuses its input (a ValidationError), so that a
 * caller hears of every bad field at once instead of the first (docs/adr/0071). Other errors pass through.
 */
export function gatherFieldErrors(...checks: (() => unknown)[]): FieldError[] {
  const out: FieldError[] = [];
  for (const check of checks) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    try {
      check();
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      out.push(...(err.errors ?? []));
    }
  }
  return out.slice(0, MAX_FIELD_ERRORS);
}

/** 404 resource_not_found; also used for ids of another workspace, so nothing about them leaks. */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('resource_not_found', `No such ${what}.`);
  }
}

/**
 * 503 service_unavailable with Retry-After: a dependency other than the database (the file store) cannot be reached
 * or is busy now. The request may be sent again as it was.
 */
export class DependencyUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown },
  ) {
    super('service_unavailable', message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
