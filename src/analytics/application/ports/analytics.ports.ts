import type { RecordedVisit } from '../../domain/visit-batch.js';

/** A view or click as the analytics record it (see the domain's RecordedVisit). */
export type VisitFact = RecordedVisit;

/**
 * Where visits go: a batch of raw facts plus the daily rollups it increments, all in one transaction
 * (docs/adr/0029). Either the whole batch is recorded or none of it.
 */
export abstract class AnalyticsStore {
  abstract recordBatch(facts: readonly VisitFact[]): Promise<void>;
}
