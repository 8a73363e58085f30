import { describe, expect, it } from '@jest/globals';
import { MAX_FILE_BYTES, WorkspaceFile } from './workspace-file.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const base = { id: 'file_1', workspaceId: 'ws_1', mimeType: 'image/png', sizeBytes: 10, now };

describe('WorkspaceFile.add', () => {
  it('derives the storage key and an URL-safe public path', () => {
    const f = WorkspaceFile.add({ ...base, name: 'My photo #1.png' });
    expect(f.state.storageKey).toBe('ws_1/file_1');
    expect(f.state.publicPath).toBe('/files/file_1/My%20photo%20%231.png');
  });

  it.each(['', '   ', '../etc/passwd', 'a/b', 'a\\b', 'bad\u0000name', '..', 'x'.repeat(256)])('refuses the name %j', (name) => {
    expect(() => WorkspaceFile.add({ ...base, name })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('refuses a name holding bidirectional or zero-width characters (a CLI name is refused, an upload name cleaned first)', () => {
    for (const name of ['cv\u202Efdp.exe', '\u200Bcv.pdf', 'cv\u2066.pdf', 'c\u0085v.pdf'])
      expect(() => WorkspaceFile.add({ ...base, name })).toThrow(/file name must not contain/);
  });

  it('refuses a bad MIME type and sizes out of range', () => {
    expect(() => WorkspaceFile.add({ ...base, name: 'a', mimeType: 'png' })).toThrow(/MIME/);
    expect(() => WorkspaceFile.add({ ...base, name: 'a', sizeBytes: -1 })).toThrow(/size/);
    expect(() => WorkspaceFile.add({ ...base, name: 'a', sizeBytes: MAX_FILE_BYTES + 1 })).toThrow(/limited/);
  });
});
