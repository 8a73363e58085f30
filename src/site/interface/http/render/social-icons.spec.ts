import { describe, expect, it } from '@jest/globals';
import { SOCIAL_PLATFORMS } from '../../../../pages/domain/block-kinds.js';
import { handleOf, NETWORKS, networkIcon, socialLabel } from './social-icons.js';

describe('the SOCIAL icon row’s networks', () => {
  it('names every platform a SOCIAL block may hold, and finds each named icon in simple-icons', () => {
    expect(Object.keys(NETWORKS).sort()).toEqual([...SOCIAL_PLATFORMS].sort());
    for (const [platform, { icon }] of Object.entries(NETWORKS))
      // A brand icon is filled; the generic link icon is drawn with strokes (LinkedIn's is not in the set).
      expect([platform, networkIcon(platform).value.includes('fill="currentColor"')]).toEqual([platform, icon !== undefined]);
  });

  it('reads a handle from a profile URL only where the URL shows one', () => {
    expect(handleOf('github', 'https://github.com/ada')).toBe('ada');
    expect(handleOf('tiktok', 'https://www.tiktok.com/@ada.dev')).toBe('@ada.dev');
    expect(handleOf('linkedin', 'https://www.linkedin.com/in/ada-l/')).toBe('ada-l');
    expect(handleOf('website', 'https://www.ada.example/about')).toBe('ada.example');
    expect(handleOf('youtube', 'https://www.youtube.com/channel/UC123/videos')).toBeUndefined();
    expect(handleOf('x', 'https://x.com/%E0%A4%A')).toBeUndefined(); // malformed escape
    expect(handleOf('x', 'https://x.com/a%20b')).toBeUndefined(); // not a handle's characters
    expect(socialLabel('spotify', 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb/discography')).toBe('Spotify');
    expect(socialLabel('unknown', 'https://example.com/me')).toBe('Website: me');
  });
});
