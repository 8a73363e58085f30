import { ERASED_EMAIL } from './contact.js';

/** The erased contact, as copies of it are found: by its id (a contact object) and by its address (anywhere). */
export interface RedactedSubject {
  id: string;
  email: string;
}

/**
 * A copy of a record (a stored response, an event payload: parsed JSON) with an erased contact's personal data
 * replaced, or undefined when it carries none (docs/adr/0044):
 * - an object with the contact's `id` that has `email` or `name` (the contact as the API and `contact.created`
 *   show it) gets `email` set to the placeholder and `name` to null;
 * - the address, in any case, is replaced by the placeholder in every string, wherever it was copied (a note, a
 *   message);
 * - everything else is kept as it was, in the same order.
 */
export function redactContact(record: unknown, subject: RedactedSubject): unknown {
  let changed = false;
  const address = new RegExp(subject.email.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), 'gi');
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const out = replaceAddress(value, address);
      if (out !== value) changed = true;
      return out;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const isContact = object.id === subject.id && ('email' in object || 'name' in object);
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(object)) {
      if (isContact && key === 'email' && field !== ERASED_EMAIL) {
        out[key] = ERASED_EMAIL;
        changed = true;
      } else if (isContact && key === 'name' && field !== null) {
        out[key] = null;
        changed = true;
      } else out[key] = walk(field);
    }
    return out;
  };
  const redacted = walk(record);
  return changed ? redacted : undefined;
}

/** `text` with every occurrence of `address`, in any case, replaced by the placeholder. */
function replaceAddress(text: string, address: RegExp): string {
  return text.replace(address, () => ERASED_EMAIL);
}
