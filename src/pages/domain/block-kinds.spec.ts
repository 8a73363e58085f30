import { describe, expect, it } from '@jest/globals';
import {
  BLOCK_KINDS,
  dataJsonSchema,
  embedProvider,
  kindDataProblems,
  labelOf,
  linkOf,
  storedData,
  type BlockKind,
} from './block-kinds.js';
import { mergePatch } from './page.edit.js';

const problems = (kind: BlockKind, data: unknown, base: string) => kindDataProblems(kind, data, base);

describe('block data schemas', () => {
  it('has a strict schema for every kind', () => {
    for (const kind of BLOCK_KINDS) {
      const schema = dataJsonSchema(kind);
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(dataJsonSchema('LINK')).toMatchObject({ required: ['url', 'title'] });
    expect(dataJsonSchema('LINK')).not.toHaveProperty('$schema');
  });

  it.each([
    ['LINK', { url: 'https://example.com', title: 'Site' }, []],
    ['LINK', { url: 'javascript:alert(1)', title: 'x' }, ['/data/url']],
    ['VIDEO', { url: 'http://video.example' }, ['/data/url']],
    ['SOCIAL', { platform: 'myspace', url: 'https://x.y' }, ['/data/platform']],
    ['PRODUCT', { title: 'Guide', price_cents: 10, currency: 'usd' }, ['/data/price_cents']],
    ['TIP', { currency: 'eur', suggested_amounts_cents: [100, 500] }, []],
    ['TIP', { currency: 'eur', suggested_amounts_cents: [] }, ['/data/suggested_amounts_cents']],
    ['CAROUSEL', { images: ['/files/a/b.png', 'https://elsewhere/x.png'] }, ['/data/images']],
    ['FILE', { gated: 'yes' }, ['/data/gated']],
    ['HEADER', {}, ['/data/text']],
  ] as const)('%s %j → %j', (kind, data, pointers) => {
    expect(problems(kind, data, '/data').map((e) => 'pointer' in e && e.pointer)).toEqual(pointers);
  });

  it.each([
    ['https://example.com/\tpath'],
    ['https://example.com/a\r\nSet-Cookie: x=1'],
    ['https://exa\nmple.com'],
    ['https://example.com/\u0000'],
    ['https://example.com/\u007f'],
  ])('refuses a URL holding a control character: %j', (url) => {
    expect(problems('LINK', { url, title: 'x' }, '/data')).toEqual([
      { pointer: '/data/url', detail: 'url must be an absolute http or https URL without control characters' },
    ]);
  });

  it('stores URLs in their normalized ASCII form: punycode host, percent-encoded path, query and fragment', () => {
    expect(storedData('LINK', { url: 'https://例え.jp/€?q=ü#ä', title: 'Ü' })).toEqual({
      url: 'https://xn--r8jz45g.jp/%E2%82%AC?q=%C3%BC#%C3%A4',
      title: 'Ü',
    });
    expect(storedData('IMAGE', { link_url: 'HTTPS://Example.COM' })).toEqual({ link_url: 'https://example.com/' });
    expect(storedData('IMAGE', {})).toEqual({});
  });

  it('refuses invisible characters in block text; line breaks only where text may run over lines', () => {
    const pointers = (kind: BlockKind, data: unknown) =>
      problems(kind, data, '/data').map((e) => ('pointer' in e ? e.pointer : e.parameter));
    expect(pointers('HEADER', { text: 'Hi\u200B' })).toEqual(['/data/text']);
    expect(pointers('HEADER', { text: 'Hi\nthere' })).toEqual(['/data/text']);
    expect(pointers('TEXT', { text: 'Hi\nthere\r\n\tindented' })).toEqual([]);
    expect(pointers('TEXT', { text: 'Hi\u202Ethere' })).toEqual(['/data/text']);
    expect(pointers('LINK', { url: 'https://a.example', title: 'x\u0007', description: 'one\ntwo' })).toEqual(['/data/title']);
    expect(pointers('IMAGE', { alt: 'a\u2067b', caption: 'team 👩‍💻' })).toEqual(['/data/alt']);
    expect(problems('HEADER', { text: 'a\u202Db' }, '/data')[0]?.detail).toMatch(/U\+202D LEFT-TO-RIGHT OVERRIDE/);
  });

  it('merge-patches: null removes, values replace', () => {
    expect(mergePatch({ a: 'x', b: 'y' }, { a: null, c: 1 })).toEqual({ b: 'y', c: 1 });
  });

  it('labels blocks from their data', () => {
    expect(labelOf('LINK', { url: 'https://x.y', title: 'My site' }, null)).toBe('My site');
    expect(labelOf('TEXT', { text: 'x'.repeat(200) }, null)).toHaveLength(80);
    expect(labelOf('IMAGE', {}, 'cat.png')).toBe('cat.png');
    expect(labelOf('NEWSLETTER', {}, null)).toBe('Newsletter');
    expect(labelOf('SOCIAL', { platform: 'github', url: 'https://github.com/x' }, null)).toBe('github');
    expect(labelOf('FILE', { title: null } as never, 'guide.pdf')).toBe('guide.pdf');
  });

  it('says where a tracked link goes, for the kinds that have one', () => {
    expect(linkOf('LINK', { url: 'https://a.example/', title: 'A' })).toBe('https://a.example/');
    expect(linkOf('IMAGE', { link_url: 'https://b.example/' })).toBe('https://b.example/');
    expect(linkOf('IMAGE', {})).toBeUndefined();
    expect(linkOf('VIDEO', { url: 'https://v.example/' })).toBeUndefined();
  });
});

describe('block data problems on a huge object', () => {
  it('stops at the first 100 errors', () => {
    const data = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, 1]));
    const errors = problems('LINK', data, '/data');
    expect(errors).toHaveLength(100);
    expect(errors[0]).toEqual({ pointer: '/data/f0', detail: 'unknown field "f0"' });
  });
});

describe('the EMBED kind', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'YouTube'],
    ['https://vimeo.com/76979871', 'Vimeo'],
    ['https://open.spotify.com/album/1', 'Spotify'],
    ['https://soundcloud.com/artist/track', 'SoundCloud'],
    ['https://music.apple.com/us/album/x/1', 'Apple Music'],
  ])('takes %s, from %s', (url, provider) => {
    expect(problems('EMBED', { url }, '/data')).toEqual([]);
    expect(embedProvider(url)).toBe(provider);
    expect(labelOf('EMBED', { url }, null)).toBe(provider);
    expect(linkOf('EMBED', { url })).toBe(url);
  });

  it('refuses other hosts, look-alikes and plain http, at /data/url', () => {
    for (const url of ['https://example.com/', 'https://notyoutube.com/x', 'https://youtube.com.example/x', 'https://spotify.com/x'])
      expect(problems('EMBED', { url }, '/data')).toEqual([
        { pointer: '/data/url', detail: 'url must link to YouTube, Vimeo, Spotify, SoundCloud, Apple Music' },
      ]);
    expect(problems('EMBED', { url: 'http://vimeo.com/1' }, '/data')[0]?.detail).toBe(
      'url must be an absolute https URL without control characters',
    );
    expect(problems('EMBED', { title: 'x' }, '/data')).toEqual([{ pointer: '/data/url', detail: 'url is required' }]);
    expect(embedProvider('not a url')).toBeUndefined();
  });

  it('is labelled by its title first', () => {
    expect(labelOf('EMBED', { url: 'https://vimeo.com/1', title: 'Trailer' }, null)).toBe('Trailer');
  });
});
