import { describe, expect, it } from '@jest/globals';
import { isReservedSlug, SLUG_MAX, slugCandidate, slugFreeFor, slugProblem, slugReservedUntil } from './slug.js';

describe('slugs', () => {
  it('numbers candidates -2, -3 … within the length limit', () => {
    expect(slugCandidate('links', 1)).toBe('links');
    expect(slugCandidate('links', 2)).toBe('links-2');
    const long = 'a'.repeat(48);
    expect(slugCandidate(long, 12)).toBe(`${'a'.repeat(45)}-12`);
    expect(slugCandidate(long, 12).length).toBe(SLUG_MAX);
  });

  it('knows the reserved words', () => {
    for (const w of ['v1', 'api', 'docs', 'admin', 'p', 'static', 'health']) expect(isReservedSlug(w)).toBe(true);
    expect(isReservedSlug('my-links')).toBe(false);
  });
});

describe('a chosen slug', () => {
  it('is lower-case letters, digits and single hyphens, 3 to 48 characters, and no reserved word', () => {
    for (const ok of ['ada', 'ada-lovelace', 'a1-b2-c3', 'x'.repeat(48), '2026']) expect(slugProblem(ok)).toBeNull();
    for (const bad of ['ab', 'x'.repeat(49), 'Ada', 'ada_l', 'ada--l', '-ada', 'ada-', 'café', 'a b', 'ada.l', ''])
      expect(slugProblem(bad)).toEqual(expect.any(String));
    expect(slugProblem('docs')).toMatch(/reserved/);
    expect(slugProblem('admin')).toMatch(/reserved/);
  });

  it('given up, stays reserved for 90 days', () => {
    expect(slugReservedUntil(new Date('2026-01-01T00:00:00.000Z')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('who may take a slug', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  const later = new Date(now.getTime() + 1);
  it('anyone, when nobody holds it', () => {
    expect(slugFreeFor(null, 'ws_a', now)).toBe(true);
  });
  it('nobody, while a page has it, not even its own workspace', () => {
    expect(slugFreeFor({ workspaceId: 'ws_a', expiresAt: null }, 'ws_a', now)).toBe(false);
    expect(slugFreeFor({ workspaceId: 'ws_a', expiresAt: null }, 'ws_b', now)).toBe(false);
  });
  it('only the workspace that gave it up, until its reservation ends; then anyone', () => {
    expect(slugFreeFor({ workspaceId: 'ws_a', expiresAt: later }, 'ws_a', now)).toBe(true);
    expect(slugFreeFor({ workspaceId: 'ws_a', expiresAt: later }, 'ws_b', now)).toBe(false);
    expect(slugFreeFor({ workspaceId: 'ws_a', expiresAt: now }, 'ws_b', now)).toBe(true);
  });
});
