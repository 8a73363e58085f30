import { DomainError } from '../../platform/domain/domain-error.js';

export class InvalidApiKeyError extends DomainError {
  constructor(reason: string) {
    super('invalid_api_key', reason);
  }
}

export class FeatureNotEnabledError extends DomainError {
  constructor() {
    super('feature_not_enabled', "The workspace's plan does not include public API access (public_api); upgrade to Creator or Pro.");
  }
}

export class TestKeyReadOnlyError extends DomainError {
  constructor() {
    super('test_key_read_only', 'Test-mode keys are read-only; use a live-mode key for this operation.');
  }
}

export class InsufficientScopeError extends DomainError {
  constructor(readonly required: string) {
    super('insufficient_scope', `This operation needs the scope "${required}".`);
  }
}

export class KeyAlreadyRevokedError extends DomainError {
  constructor() {
    super('invalid_request', 'The key is already revoked.');
  }
}
