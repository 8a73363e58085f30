import type { WorkspaceKey } from './webhook.ports.js';

/** What resealing one endpoint's stored secrets came to. */
export type ResealOutcome =
  /** rewritten under the current master key */
  | 'rewritten'
  /** already sealed under the current master key: left alone */
  | 'current'
  /** the current secret opens with no configured key (it cannot sign until the secret is rotated) */
  | 'unreadable'
  /** the endpoint was deleted meanwhile */
  | 'gone';

/**
 * Moves endpoint signing secrets sealed under a retired master key (SECRET_ENCRYPTION_KEY_PREVIOUS) to the
 * current one: the last step of a master-key rotation.
 */
export abstract class SecretResealer {
  /**
   * Up to `limit` endpoints after `after` in (workspace, id) order (`null` for the first page): a read without locks
   * in the order of the primary key, which a sharded cluster answers shard by shard (docs/adr/0053).
   */
  abstract endpointsAfter(after: WorkspaceKey | null, limit: number): Promise<WorkspaceKey[]>;
  /**
   * Locks the endpoint row until the transaction ends (run it in one), and reseals its current and previous
   * secrets under the current master key. They are resealed independently: a previous secret that no key
   * opens any more is dropped (it only ever served as a second signature for 24 hours), so it cannot keep the
   * current one from moving to the new master key.
   */
  abstract reseal(endpoint: WorkspaceKey): Promise<ResealOutcome>;
}
