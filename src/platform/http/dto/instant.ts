import { ValidateBy, type ValidationOptions } from 'class-validator';

/** RFC 3339 date-time: full date, time with seconds optional, fraction optional, and an offset (Z or ±hh:mm). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant an RFC 3339 date-time names, or null when the text is not one (week, ordinal or basic ISO
 * forms, no offset, a date alone) or names no real time (2026-02-30, 24:00, offset +25:00).
 */
export function parseInstant(raw: unknown): Date | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const m = RFC3339.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, , oh, om] = m;
  const month = Number(mo);
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (month < 1 || month > 12 || Number(d) < 1 || Number(d) > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59 || Number(oh ?? 0) > 23 || Number(om ?? 0) > 59) return null;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * What every timestamp field of a request accepts, as its OpenAPI description says it: the same rule as
 * `parseInstant` (docs/adr/0071; "any ISO 8601 spelling" said more than the validator takes).
 */
export const INSTANT_SPELLING =
  'an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`';

/** class-validator rule: an RFC 3339 date-time with an offset that names a real instant. */
export function IsInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInstant',
      validator: {
        validate: (value) => parseInstant(value) !== null,
        defaultMessage: (args) => `${args?.property} must be an RFC 3339 date-time with an offset, e.g. 2026-11-22T10:00:00Z`,
      },
    },
    options,
  );
}
