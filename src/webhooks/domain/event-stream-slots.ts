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

export class EventStreamSlots {
  private total = 0;
  private readonly byWorkspace = new Map<string, number>();
  private readonly byKey = new Map<string, number>();

  constructor(private readonly limits: StreamSlotLimits) {}

  /** Slots held now. */
  get size(): number {
    return this.total;
  }

  /** Takes a slot for a stream of `workspaceId` opened with `keyId`: the release (idempotent), or why not. */
  take(workspaceId: string, keyId: string): (() => void) | StreamRefusal {
    if (this.total >= this.limits.max) return 'process_full';
    if ((this.byWorkspace.get(workspaceId) ?? 0) >= this.limits.perWorkspace) return 'workspace_full';
    if ((this.byKey.get(keyId) ?? 0) >= this.limits.perKey) return 'key_full';
    this.total++;
    bump(this.byWorkspace, workspaceId, 1);
    bump(this.byKey, keyId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      bump(this.byWorkspace, workspaceId, -1);
      bump(this.byKey, keyId, -1);
    };
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
