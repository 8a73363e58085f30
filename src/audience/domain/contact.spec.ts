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

  it('refuses an unknown source, an over-long name and a block without its page', () => {
    expect(() => Contact.capture({ ...base, email: 'a@b.io', source: 'SPAM' })).toThrow(/source/);
    expect(() => Contact.capture({ ...base, email: 'a@b.io', name: 'x'.repeat(201) })).toThrow(/name/);
    expect(() => Contact.capture({ ...base, email: 'a@b.io', sourceBlockId: 'blk_1' })).toThrow(/page/);
  });
});
