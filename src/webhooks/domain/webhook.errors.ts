import { DomainError } from '../../platform/domain/domain-error.js';
import { MAX_ENDPOINTS_PER_WORKSPACE } from './endpoint.js';

export class EndpointLimitReachedError extends DomainError {
  constructor() {
    super('endpoint_limit_reached', `The workspace already has ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints, the maximum.`);
  }
}

/** The signed endpoint.test was not answered with a 2xx; the message names the status or network error. */
export class EndpointVerificationFailedError extends DomainError {
  constructor(reason: string) {
    super('endpoint_verification_failed', `The endpoint did not answer the signed endpoint.test event with a 2xx: ${reason}`);
  }
}
