import type { CustomDomainState, DomainEvent } from '../../domain/custom-domain.js';

/** A domain as stored, with the version a compare-and-set write names (docs/adr/0094). */
export interface StoredDomain {
  state: CustomDomainState;
  version: number;
}

export abstract class CustomDomainRepository {
  /**
   * Serialises the claims of one workspace until the transaction ends, so that two at once cannot both pass its
   * plan's limit; then counts its domains.
   */
  abstract lockAndCount(workspaceId: string): Promise<number>;
  /** Serialises the verifications of one hostname until the transaction ends. */
  abstract lockHostname(hostname: string): Promise<void>;
  /** Whether a workspace other than `workspaceId` has verified `hostname`. */
  abstract verifiedElsewhere(hostname: string, workspaceId: string): Promise<boolean>;
  /** Stores a new claim; false when the workspace already claimed the hostname. */
  abstract add(domain: CustomDomainState): Promise<boolean>;
  abstract byId(workspaceId: string, id: string, options?: { lock?: boolean }): Promise<StoredDomain | null>;
  /**
   * Writes `domain` over the row at `version` (moving it on) with the outbox rows of `events`, and, when
   * `servingChanged` (served or not, or another page), tells serving processes its hostname changed; false when the
   * row moved since (another writer won) or is gone. (Two workspaces never both verify a name: the caller decides
   * under `lockHostname`, and the unique index on verified hostnames holds it.)
   */
  abstract save(domain: CustomDomainState, version: number, events: readonly DomainEvent[], servingChanged: boolean): Promise<boolean>;
  /** Removes a domain (and tells serving processes). */
  abstract remove(domain: CustomDomainState): Promise<void>;
  /**
   * Up to `limit` domains due for a check at `now`, leased: their next check is put `leaseMs` later in the same short
   * transaction, so no other checker takes them meanwhile and a crashed one's are checked again after it.
   */
  abstract claimDue(now: Date, limit: number, leaseMs: number): Promise<StoredDomain[]>;
}

/** The TXT records at a DNS name: each record's strings joined; `[]` when the name has none (or does not exist). */
export type TxtAnswer = { ok: true; records: string[] } | { ok: false; error: string };

/** Reads TXT records (the system's resolvers, or DNS_RESOLVERS). A failure to get an answer is `ok: false`. */
export abstract class DnsTxtReader {
  abstract read(name: string): Promise<TxtAnswer>;
}

/** Whether a page is the workspace's (the pages context answers). */
export abstract class PageDirectory {
  abstract exists(workspaceId: string, pageId: string): Promise<boolean>;
}

/** The plan of a workspace (the access context answers). */
export abstract class WorkspacePlans {
  abstract planOf(workspaceId: string): Promise<string>;
}
