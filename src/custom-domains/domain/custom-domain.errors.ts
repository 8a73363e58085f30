import { DomainError } from '../../platform/domain/domain-error.js';

/**
 * 409 domain_taken: another workspace has verified this hostname (a pending claim blocks nobody), or this workspace
 * claimed it already (`by`).
 */
export class DomainTakenError extends DomainError {
  constructor(hostname: string, by: 'another workspace' | 'this workspace' = 'another workspace') {
    super(
      'domain_taken',
      by === 'this workspace'
        ? `This workspace already claimed ${hostname}: verify or change that domain instead.`
        : `The hostname ${hostname} is verified by another workspace.`,
    );
  }
}

/** 403 plan_limit: the workspace already has as many custom domains as its plan allows. */
export class DomainPlanLimitError extends DomainError {
  constructor(plan: string, limit: number) {
    super(
      'plan_limit',
      limit === 0
        ? `The ${plan} plan has no custom domains: move the workspace to a plan that has them.`
        : `The ${plan} plan allows ${limit} custom domain${limit === 1 ? '' : 's'}; the workspace has them all.`,
    );
  }
}
