import { ValidationError } from '../../platform/domain/domain-error.js';
import { findInvisible, invisibleProblem } from '../../platform/domain/invisible-characters.js';
import { FeatureNotEnabledError } from './access.errors.js';
import { isPlan, planHas, PLANS, type Entitlement, type Plan } from './plan.js';

export interface WorkspaceState {
  id: string;
  name: string;
  plan: Plan;
  createdAt: Date;
  updatedAt: Date;
}

export class Workspace {
  private constructor(private state: WorkspaceState) {}

  static create(input: { id: string; name: string; plan: string; now: Date }): Workspace {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 120) throw ValidationError.parameter('name', 'The name must be 1 to 120 characters.');
    const hidden = findInvisible(name, 'line');
    if (hidden) throw ValidationError.parameter('name', `The name ${invisibleProblem(hidden)}.`);
    return new Workspace({ id: input.id, name, plan: Workspace.plan(input.plan), createdAt: input.now, updatedAt: input.now });
  }

  static restore(state: WorkspaceState): Workspace {
    return new Workspace({ ...state });
  }

  private static plan(value: string): Plan {
    if (!isPlan(value)) throw ValidationError.parameter('plan', `The plan must be one of ${PLANS.join(', ')}.`);
    return value;
  }

  get id(): string {
    return this.state.id;
  }
  get plan(): Plan {
    return this.state.plan;
  }

  snapshot(): Readonly<WorkspaceState> {
    return { ...this.state };
  }

  changePlan(plan: string, now: Date): void {
    this.state = { ...this.state, plan: Workspace.plan(plan), updatedAt: now };
  }

  assertEntitled(entitlement: Entitlement): void {
    if (!planHas(this.state.plan, entitlement)) throw new FeatureNotEnabledError();
  }
}
