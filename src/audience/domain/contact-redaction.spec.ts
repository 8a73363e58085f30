import { describe, expect, it } from '@jest/globals';
import { ERASED_EMAIL } from './contact.js';
import { redactContact } from './contact-redaction.js';

const subject = { id: 'ctc_1', email: 'ada.l+news@example.com' };
const view = { id: 'ctc_1', email: 'ada.l+news@example.com', name: 'Ada', source: 'FORM', source_block_id: null, created_at: 'x' };

describe('redactContact', () => {
  it('replaces the contact object’s address and name, wherever it is nested, and keeps the rest in order', () => {
    const envelope = { id: 'whmsg_1', type: 'contact.created', created_at: 'x', data: { contact: view } };
    const out = redactContact(envelope, subject);
    expect(out).toEqual({ ...envelope, data: { contact: { ...view, email: ERASED_EMAIL, name: null } } });
    expect(Object.keys((out as typeof envelope).data.contact)).toEqual(Object.keys(view));
    expect(redactContact({ data: [view, { ...view, id: 'ctc_2', email: 'b@c.io' }] }, subject)).toEqual({
      data: [
        { ...view, email: ERASED_EMAIL, name: null },
        { ...view, id: 'ctc_2', email: 'b@c.io' },
      ],
    });
  });

  it('replaces the address in any string, in any case, with regular-expression characters taken literally', () => {
    expect(redactContact({ note: 'write to ADA.L+News@Example.com or ada.l+news@example.com.' }, subject)).toEqual({
      note: `write to ${ERASED_EMAIL} or ${ERASED_EMAIL}.`,
    });
    expect(redactContact({ note: 'adaxl+news@example.com' }, subject)).toBeUndefined(); // `.` is not a wildcard
    expect(redactContact({ note: 'ada.l+newsexample.com' }, subject)).toBeUndefined();
  });

  it('answers undefined for a record that carries none of it, another contact of the same name included', () => {
    expect(redactContact({ contact: { ...view, id: 'ctc_2', email: 'b@c.io' } }, subject)).toBeUndefined();
    expect(redactContact([1, null, true, 'Ada'], subject)).toBeUndefined();
    expect(redactContact(null, subject)).toBeUndefined();
  });

  it('is done once: a redacted record has nothing left to redact', () => {
    const once = redactContact({ contact: view }, subject);
    expect(redactContact(once, subject)).toBeUndefined();
  });
});
