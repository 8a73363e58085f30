import { KeyedSlots } from '../../platform/domain/keyed-slots.js';

/**
 * The event streams one API process holds (docs/adr/0067): at most `max` in all, `perWorkspace` of one workspace and
 * `perKey` opened with one API key. A slot is taken before anything is awaited and given back exactly once.
 */
export interface StreamSlotLimits {
  max: number;
  perWorkspace: number;
  perKey: number;
}

/** Why a stream cannot open now. */
export type StreamRefusal = 'process_full' | 'workspace_full' | 'key_full';

const REFUSALS = { all: 'process_full', workspace: 'workspace_full', key: 'key_full' } as const;

export class EventStreamSlots {
  private readonly slots: KeyedSlots<'workspace' | 'key'>;

  constructor(limits: StreamSlotLimits) {
    this.slots = new KeyedSlots([
      ['all', limits.max],
      ['workspace', limits.perWorkspace],
      ['key', limits.perKey],
    ]);
  }

  /** Slots held now. */
  get size(): number {
    return this.slots.size;
  }

  /** Takes a slot for a stream of `workspaceId` opened with `keyId`: the release (idempotent), or why not. */
  take(workspaceId: string, keyId: string): (() => void) | StreamRefusal {
    const taken = this.slots.take({ workspace: workspaceId, key: keyId });
    return typeof taken === 'string' ? REFUSALS[taken] : taken;
  }
}
