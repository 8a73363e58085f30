import { describe, expect, it } from '@jest/globals';
import { Workspace } from './workspace.js';
import { monthlyUnits, quotaWindow, secondsUntilReset } from './quota.js';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('Workspace', () => {
  it('has public_api on creator and pro, not on free', () => {
    expect(() => Workspace.create({ id: 'ws', name: 'A', plan: 'pro', now }).assertEntitled('public_api')).not.toThrow();
    expect(() => Workspace.create({ id: 'ws', name: 'A', plan: 'creator', now }).assertEntitled('public_api')).not.toThrow();
    expect(() => Workspace.create({ id: 'ws', name: 'A', plan: 'free', now }).assertEntitled('public_api')).toThrow(
      expect.objectContaining({ code: 'feature_not_enabled' }),
    );
  });

  it('changes plan and refuses unknown plans and empty names', () => {
    const ws = Workspace.create({ id: 'ws', name: ' Studio ', plan: 'pro', now });
    expect(ws.snapshot().name).toBe('Studio');
    ws.changePlan('free', new Date(now.getTime() + 1));
    expect(ws.plan).toBe('free');
    expect(ws.snapshot().updatedAt.getTime()).toBe(now.getTime() + 1);
    expect(() => ws.changePlan('gold', now)).toThrow(/plan must be one of/);
    expect(() => Workspace.create({ id: 'ws', name: '  ', plan: 'pro', now })).toThrow(/name/);
  });

  it('refuses a name holding control, bidirectional or zero-width characters', () => {
    for (const name of ['Stu\u0000dio', 'Studio\u202E', '\u200BStudio', 'Stu\ndio'])
      expect(() => Workspace.create({ id: 'ws', name, plan: 'pro', now })).toThrow(/The name must not contain/);
    expect(Workspace.create({ id: 'ws', name: 'Studio 🧑‍🎨', plan: 'pro', now }).snapshot().name).toBe('Studio 🧑‍🎨');
  });
});

describe('monthly quota window', () => {
  it('is the UTC calendar month', () => {
    expect(quotaWindow(now)).toEqual({ period: '2026-11', resetsAt: new Date('2026-12-01T00:00:00.000Z') });
    expect(quotaWindow(new Date('2026-12-31T23:59:59.999Z')).resetsAt).toEqual(new Date('2027-01-01T00:00:00.000Z'));
  });

  it('counts whole seconds to the reset, never zero', () => {
    expect(secondsUntilReset(new Date('2026-11-30T23:59:59.000Z'))).toBe(1);
    expect(secondsUntilReset(new Date('2026-11-30T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilReset(now)).toBe(8 * 86400 + 14 * 3600);
  });

  it('gives units per plan and none for free', () => {
    const units = { creatorUnits: 10, proUnits: 100 };
    expect(monthlyUnits('creator', units)).toBe(10);
    expect(monthlyUnits('pro', units)).toBe(100);
    expect(monthlyUnits('free', units)).toBeNull();
  });
});
