import { Injectable } from '@nestjs/common';

/**
 * One data subject's personal data to erase from every copy the service keeps (docs/adr/0044). The context that owns
 * the subject (audience, for a contact) describes it; each store that keeps copies of records (stored idempotent
 * responses, outbox rows, webhook payloads) finds its records that carry it and rewrites them with `redact`.
 */
export interface PersonalDataErasure {
  workspaceId: string;
  /**
   * no record written before this instant can carry the subject: stores look from here. A contact's erasure passes
   * the start of time: its address can be in records older than the contact (a sale's; docs/adr/0058).
   */
  since: Date;
  /**
   * Fragments every record carrying the subject contains (its id, its address), lower-case: a store may skip a
   * record whose text contains none of them without parsing it.
   */
  needles: readonly string[];
  /** The record (parsed JSON) with the subject's personal data replaced by placeholders; undefined when it carries none. */
  redact(record: unknown): unknown;
  now: Date;
}

/** A store that keeps copies of records, which may carry personal data. */
export interface PersonalDataHolder {
  /** for logs and errors */
  readonly name: string;
  /**
   * Rewrites every record of the erasure's workspace that carries the subject, in the caller's transaction, and
   * returns how many it rewrote. Rows it rewrites are locked until the transaction ends.
   */
  erase(erasure: PersonalDataErasure): Promise<number>;
}

/**
 * Where personal data is erased: every holder registered here (the platform's idempotency and outbox stores, and
 * the contexts' own, such as the webhook payloads) erases the subject in one transaction, the caller's, with the
 * owner's own change (the contact's tombstone): all of it or none of it.
 */
@Injectable()
export class PersonalData {
  private readonly holders: PersonalDataHolder[] = [];

  /** A store adds itself at module init. */
  register(holder: PersonalDataHolder): void {
    if (!this.holders.includes(holder)) this.holders.push(holder);
  }

  /** Erases the subject from every holder, one after the other; returns how many records each rewrote, by name. */
  async erase(erasure: PersonalDataErasure): Promise<Record<string, number>> {
    const rewritten: Record<string, number> = {};
    for (const holder of this.holders) rewritten[holder.name] = await holder.erase(erasure);
    return rewritten;
  }
}
