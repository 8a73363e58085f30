import { describe, expect, it } from '@jest/globals';
import { Contact } from './contact.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const base = { id: 'ctc_1', workspaceId: 'ws_1', now };

describe('Contact.capture', () => {
  it('normalises the e-mail, defaults the source to FORM and records ContactCaptured', () => {
    const contact = Contact.capture({ ...base, email: '  Ada@Example.COM ', name: ' Ada ' });
    expect(contact.state).toMatchObject({ email: 'ada@example.com', name: 'Ada', source: 'FORM', sourcePageId: null, createdAt: now });
    expect(contact.pullEvents()).toEqual([{ type: 'ContactCaptured', contact: contact.state }]);
  });

  it('records ContactCaptured for the repository to pull, once', () => {
    const contact = Contact.capture({ ...base, email: 'a@b.io' });
    expect(contact.pullEvents()).toEqual([{ type: 'ContactCaptured', contact: contact.state }]);
    expect(contact.pullEvents()).toEqual([]);
  });

  it('keeps the source page and block', () => {
    const contact = Contact.capture({ ...base, email: 'a@b.io', source: 'NEWSLETTER', sourcePageId: 'pg_1', sourceBlockId: 'blk_1' });
    expect(contact.state).toMatchObject({ source: 'NEWSLETTER', sourcePageId: 'pg_1', sourceBlockId: 'blk_1' });
  });

  it.each(['', 'plain', 'a@', '@b.io', 'a b@c.io', 'a@b', 'a..b@c.io', `${'x'.repeat(65)}@b.io`])('refuses the e-mail %j', (email) => {
    expect(() => Contact.capture({ ...base, email })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it.each([
    'a\u0000b@example.com',
    'ada\u202E@example.com',
    'a\u200Bda@example.com',
    'ada@exa\u2066mple.com',
    'ad\u200Da@b.io',
    '\uFEFFada@b.io',
  ])('refuses the e-mail %j: it holds a character nobody can see', (email) => {
    expect(() => Contact.capture({ ...base, email })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('refuses a name holding control, bidirectional or zero-width characters, keeps one with emoji', () => {
    for (const name of ['Ada\u0000', 'Ada\nLovelace', 'Ada\u202E', '\u200BAda', 'A\u0085da', '\uFEFFAda', 'Ada\u2028'])
      expect(() => Contact.capture({ ...base, email: 'a@b.io', name })).toThrow(/The name must not contain .*invisible/);
    expect(Contact.capture({ ...base, email: 'a@b.io', name: 'Ada 👩‍💻' }).state.name).toBe('Ada 👩‍💻');
    expect(Contact.capture({ ...base, email: ' a@b.io\n', name: 'Ada' }).state.email).toBe('a@b.io');
  });

  it('refuses an unknown source, an over-long name and a block without its page', () => {
    expect(() => Contact.capture({ ...base, email: 'a@b.io', source: 'SPAM' })).toThrow(/source/);
    expect(() => Contact.capture({ ...base, email: 'a@b.io', name: 'x'.repeat(201) })).toThrow(/name/);
    expect(() => Contact.capture({ ...base, email: 'a@b.io', sourceBlockId: 'blk_1' })).toThrow(/page/);
  });
});

describe('Contact.erase', () => {
  const later = new Date('2026-11-26T09:00:00.000Z');

  it('drops the address and the name for good, keeps a tombstone that counts, and records ContactErased', () => {
    const contact = Contact.capture({ ...base, email: 'ada@example.com', name: 'Ada', source: 'NEWSLETTER', sourcePageId: 'pg_1' });
    contact.pullEvents();
    contact.erase(later);
    expect(contact.erased).toBe(true);
    expect(contact.state).toEqual({
      id: 'ctc_1',
      workspaceId: 'ws_1',
      email: null,
      name: null,
      source: 'NEWSLETTER',
      sourcePageId: 'pg_1',
      sourceBlockId: null,
      createdAt: now,
      deletedAt: later,
    });
    expect(contact.pullEvents()).toEqual([{ type: 'ContactErased', contactId: 'ctc_1', workspaceId: 'ws_1', deletedAt: later }]);
  });

  it('refuses to erase an erased contact as an unknown one (404), and records nothing', () => {
    const stored = Contact.capture({ ...base, email: 'ada@example.com' }).state;
    const tombstone = Contact.restore({ ...stored, email: null, name: null, deletedAt: later });
    expect(() => tombstone.erase(new Date(later.getTime() + 1000))).toThrow(expect.objectContaining({ code: 'resource_not_found' }));
    expect(tombstone.pullEvents()).toEqual([]);
    expect(tombstone.state.deletedAt).toEqual(later);
  });

  it('a restored live contact records nothing until it is erased', () => {
    const contact = Contact.restore(Contact.capture({ ...base, email: 'ada@example.com' }).state);
    expect(contact.erased).toBe(false);
    expect(contact.pullEvents()).toEqual([]);
  });
});
