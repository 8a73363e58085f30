import { describe, expect, it } from '@jest/globals';
import { admitToStorageQuota, nameForType, uploadNameOf, uploadTypeOf, UPLOAD_TYPES } from './upload-rules.js';

describe('uploadTypeOf', () => {
  it.each(UPLOAD_TYPES)('accepts %s declared as itself', (type) => {
    expect(uploadTypeOf(type, type)).toBe(type);
  });

  it('compares media types, not spellings: case, parameters and the image/jpg alias', () => {
    expect(uploadTypeOf('Image/PNG; name=x', 'image/png')).toBe('image/png');
    expect(uploadTypeOf('image/jpg', 'image/jpeg')).toBe('image/jpeg');
  });

  it('refuses bytes of one type declared as another', () => {
    expect(() => uploadTypeOf('application/pdf', 'image/png')).toThrow(
      expect.objectContaining({ code: 'invalid_request', errors: [expect.objectContaining({ pointer: '/file' })] }),
    );
    expect(() => uploadTypeOf(undefined, 'image/png')).toThrow(/declared as \(no type\)/);
    expect(() => uploadTypeOf('application/octet-stream', 'image/gif')).toThrow(/bytes are image\/gif/);
  });

  it('refuses bytes with no allowed signature, whatever they are declared as (SVG, HTML, unknown)', () => {
    expect(() => uploadTypeOf('image/svg+xml', undefined)).toThrow(/not PNG, JPEG, WebP, GIF or PDF/);
    expect(() => uploadTypeOf('image/png', undefined)).toThrow(/declared as image\/png/);
    expect(() => uploadTypeOf('text/html', undefined)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => uploadTypeOf('application/zip', 'application/zip')).toThrow(/not PNG/);
  });
});

describe('uploadNameOf', () => {
  it('keeps a plain name and takes the last segment of a path', () => {
    expect(uploadNameOf('cover.png', 'image/png')).toBe('cover.png');
    expect(uploadNameOf('C:\\Users\\ana\\cover.png', 'image/png')).toBe('cover.png');
    expect(uploadNameOf('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf'); // it takes its type's extension (ADR 0061)
  });

  it('drops control characters, trims and NFC-normalises', () => {
    expect(uploadNameOf(' a\u0000b\u001f\u007f.pdf ', 'application/pdf')).toBe('ab.pdf');
    expect(uploadNameOf('Cafe\u0301.png', 'image/png')).toBe('Caf\u00e9.png');
  });

  it('drops bidirectional formatting and zero-width characters: a name is cleaned, not refused', () => {
    expect(uploadNameOf('invoice\u202Efdp.png', 'image/png')).toBe('invoicefdp.png');
    expect(uploadNameOf('\u200Bcv\u2066\uFEFF.pdf', 'application/pdf')).toBe('cv.pdf');
    expect(uploadNameOf('team 👩‍💻.png', 'image/png')).toBe('team 👩‍💻.png');
    expect(uploadNameOf('\u200B\u202E', 'image/gif')).toBe('file.gif');
  });

  it('gives the name the extension of the type its bytes are', () => {
    expect(uploadNameOf('x.html', 'image/png')).toBe('x.png');
    expect(uploadNameOf('report', 'application/pdf')).toBe('report.pdf');
    expect(uploadNameOf('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(uploadNameOf('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(uploadNameOf('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(uploadNameOf('archive.tar.gz', 'image/webp')).toBe('archive.tar.webp');
    expect(uploadNameOf('.htaccess', 'image/gif')).toBe('.htaccess.gif');
    expect(uploadNameOf('Version 2.0', 'application/pdf')).toBe('Version 2.0.pdf');
    expect(uploadNameOf('notes.averyveryverylongext', 'application/pdf')).toBe('notes.averyveryverylongext.pdf');
  });

  it('keeps the new extension when the name is cut', () => {
    const name = nameForType(`${'a'.repeat(260)}.html`, 'image/png');
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('a.png')).toBe(true);
    for (const type of UPLOAD_TYPES) expect(nameForType(nameForType('x.html', type), type)).toBe(nameForType('x.html', type));
  });

  it('names a file with nothing usable after its type', () => {
    expect(uploadNameOf(undefined, 'image/jpeg')).toBe('file.jpg');
    expect(uploadNameOf('..', 'application/pdf')).toBe('file.pdf');
    expect(uploadNameOf('dir/', 'image/webp')).toBe('file.webp');
  });

  it('cuts a long name to 255 characters and keeps its extension', () => {
    const name = uploadNameOf(`${'é'.repeat(300)}.png`, 'image/png');
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('é.png')).toBe(true);
  });
});

describe('admitToStorageQuota', () => {
  it('admits a file that fills the quota exactly, and refuses one byte more', () => {
    expect(() => admitToStorageQuota(900, 100, 1000)).not.toThrow();
    expect(() => admitToStorageQuota(901, 100, 1000)).toThrow(expect.objectContaining({ code: 'storage_quota_exceeded' }));
    expect(() => admitToStorageQuota(0, 1, 0)).toThrow(/quota of 0 bytes/);
  });
});
