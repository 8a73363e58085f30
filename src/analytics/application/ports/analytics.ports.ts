import type { RecordedVisit } from '../../domain/visit-batch.js';

/**
 * Where visits go: a batch of recorded visits (the raw `analytics_facts` rows) plus the daily rollups it increments, all in one transaction
 * (docs/adr/0029). Either the whole batch is recorded or none of it.
 */
export abstract class AnalyticsStore {
  abstract recordBatch(visits: readonly RecordedVisit[]): Promise<void>;
}
