import { DomainError } from '../../platform/domain/domain-error.js';

export class StaleSnapshotError extends DomainError {
  constructor() {
    super('stale_snapshot', "expected_updated_at does not match the page's current draft.updated_at; re-read the page and retry.");
  }
}

export class LastBlockRequiredError extends DomainError {
  constructor() {
    super('last_block_required', 'The last remaining block of a page cannot be removed.');
  }
}

export class PageArchivedError extends DomainError {
  constructor() {
    super('page_archived', 'The page is archived: a preview link to it would not open. Publish it again to preview its draft.');
  }
}

export class SlugTakenError extends DomainError {
  constructor(slug: string) {
    super('slug_taken', `The slug "${slug}" is taken: another page has it, or had it within the last 90 days.`);
  }
}

/** 404 resource_not_found: the page has no scheduled publish to call off (the page itself exists). */
export class NothingScheduledError extends DomainError {
  constructor() {
    super(
      'resource_not_found',
      'The page has no scheduled publish to cancel: it was never scheduled, already fired, or was published or archived since.',
    );
  }
}
