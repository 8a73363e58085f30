import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aTenant } from '../../factories/access.factory.js';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { AddFileCommand } from '../../../src/files/index.js';

describe('keyset pagination', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
  });
  afterAll(() => t.close());

  const capture = (workspaceId: string, n: number) =>
    t.commands.execute(
      new CaptureContactCommand(
        workspaceId,
        `fan${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
        `Fan ${n}`,
        'NEWSLETTER',
        undefined,
        undefined,
      ),
    );

  it('walks every contact exactly once, newest first, while new contacts keep arriving', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const existing = new Set<string>();
    // Same-millisecond rows are likely here: the (created_at, id) keyset must still order them totally.
    for (let i = 0; i < 57; i++) existing.add((await capture(workspace.id, i)).id);

    const seen: string[] = [];
    const createdAts: string[] = [];
    let after: string | undefined;
    let inserted = 0;
    do {
      const res = await t.inject({
        method: 'GET',
        url: `/v1/contacts?limit=7${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(Object.keys(page).sort()).toEqual(['data', 'has_more', 'next_cursor']);
      for (const c of page.data) {
        seen.push(c.id);
        createdAts.push(c.created_at);
        expect(c.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Object.keys(c).sort()).toEqual(['created_at', 'email', 'id', 'name', 'source', 'source_block_id']);
      }
      after = page.has_more ? page.next_cursor : undefined;
      if (!page.has_more) expect(page.next_cursor).toBeNull();
      // Rows inserted during the walk, concurrently with the next page request.
      await Promise.all([capture(workspace.id, 1000 + inserted++), capture(workspace.id, 2000 + inserted++)]);
    } while (after);

    expect(new Set(seen).size).toBe(seen.length); // no duplicates
    for (const id of existing) expect(seen).toContain(id); // no gaps
    expect([...createdAts].sort().reverse()).toEqual(createdAts); // newest first
  });

  it('keeps workspaces apart', async () => {
    const a = await aTenant(t.commands);
    const b = await aTenant(t.commands);
    await capture(a.workspace.id, 1);
    const res = await t.inject({ method: 'GET', url: '/v1/contacts', headers: b.auth });
    expect(res.json()).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('refuses a tampered cursor, another list’s cursor and another workspace’s cursor with 400, never a 500', async () => {
    const a = await aTenant(t.commands);
    const b = await aTenant(t.commands);
    for (let i = 0; i < 3; i++) {
      await capture(a.workspace.id, i);
      await capture(b.workspace.id, i);
      await t.commands.execute(new AddFileCommand(a.workspace.id, `f${i}.txt`, 'text/plain', Buffer.from(`file ${i}`)));
    }
    const contactsCursor = (await t.inject({ method: 'GET', url: '/v1/contacts?limit=1', headers: a.auth })).json().next_cursor as string;
    const filesCursor = (await t.inject({ method: 'GET', url: '/v1/files?limit=1', headers: a.auth })).json().next_cursor as string;
    expect(contactsCursor).toBeTruthy();
    const tampered = contactsCursor.slice(0, 5) + (contactsCursor[5] === 'x' ? 'y' : 'x') + contactsCursor.slice(6);
    const attempts: [string, Record<string, string>][] = [
      [`/v1/contacts?after=${encodeURIComponent(tampered)}`, a.auth],
      [`/v1/contacts?after=${encodeURIComponent(filesCursor)}`, a.auth],
      [`/v1/contacts?after=${encodeURIComponent(contactsCursor)}`, b.auth],
      ['/v1/contacts?after=not-a-cursor', a.auth],
      ['/v1/contacts?after=%00%ff', a.auth],
      [`/v1/files?after=${encodeURIComponent(Buffer.from('{"l":"files"}').toString('base64url'))}.AAAA`, a.auth],
    ];
    for (const [url, headers] of attempts) {
      const res = await t.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request', errors: [expect.objectContaining({ parameter: 'after' })] });
    }
  });

  it('pages files the same way, with the contract’s file fields', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    for (let i = 0; i < 5; i++)
      await t.commands.execute(new AddFileCommand(workspace.id, `photo ${i}.png`, 'image/png', Buffer.from([i, 1, 2, 3])));
    const first = (await t.inject({ method: 'GET', url: '/v1/files?limit=3', headers: auth })).json();
    const second = (
      await t.inject({ method: 'GET', url: `/v1/files?limit=3&after=${encodeURIComponent(first.next_cursor)}`, headers: auth })
    ).json();
    expect(first.data).toHaveLength(3);
    expect(first.has_more).toBe(true);
    expect(second.data).toHaveLength(2);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    const names = [...first.data, ...second.data].map((f: { name: string }) => f.name);
    expect(names).toEqual(['photo 4.png', 'photo 3.png', 'photo 2.png', 'photo 1.png', 'photo 0.png']);
    expect(first.data[0]).toEqual({
      id: expect.stringMatching(/^file_/),
      name: 'photo 4.png',
      mime_type: 'image/png',
      size_bytes: 4,
      public_path: expect.stringMatching(/^\/files\/file_\w+\/photo%204\.png$/),
      created_at: expect.stringMatching(/Z$/),
    });
    // public_path serves the bytes without a key
    const served = await t.inject({ method: 'GET', url: first.data[0].public_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(Buffer.from([4, 1, 2, 3]));
    expect((await t.inject({ method: 'GET', url: first.data[0].public_path.replace('photo', 'other') })).statusCode).toBe(404);
  });
});
