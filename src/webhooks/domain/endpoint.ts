import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { ValidationError, type FieldError } from '../../platform/domain/domain-error.js';

/**
 * The event types an endpoint may subscribe to, in the order errors list them: the events the other contexts
 * publish, handed in by the application (application/webhook-events.ts). The domain spells none of them.
 */
export type SubscribableTypes = readonly string[];

export type EndpointStatus = 'ACTIVE' | 'DISABLED';
export type DisabledReason = 'MANUAL' | 'CONSECUTIVE_FAILURES';

/** Checked by the application before `register` (error `endpoint_limit_reached`). */
export const MAX_ENDPOINTS_PER_WORKSPACE = 10;
export const CONSECUTIVE_FAILURES_BEFORE_DISABLE = 20;
export const SECRET_OVERLAP_MS = 24 * 3600 * 1000;
export const URL_MAX_LENGTH = 2048;

export interface EndpointState {
  id: string;
  workspaceId: string;
  url: string;
  eventTypes: string[];
  status: EndpointStatus;
  disabledReason: DisabledReason | null;
  /** deliveries that ended FAILED since the last success (not those recorded while disabled) */
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** opaque handles to the encrypted secrets; the aggregate never sees a plaintext secret */
  currentSecretRef: string;
  previousSecretRef: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  /** moves on changes of configuration or status, not on delivery bookkeeping */
  updatedAt: Date;
}

/** Raised when the 20th consecutive failed delivery disables the endpoint; the owner is notified. */
export interface EndpointAutoDisabled {
  type: 'EndpointAutoDisabled';
  endpointId: string;
  workspaceId: string;
  url: string;
  consecutiveFailures: number;
  at: Date;
}

export type EndpointEvent = EndpointAutoDisabled;

const fail = (errors: FieldError[]): never => {
  throw new ValidationError(errors, errors.map((e) => ('pointer' in e ? `${e.pointer}: ${e.detail}` : e.detail)).join('; '));
};

/**
 * The syntax rules of a webhook URL: absolute `https:` URL, no user name or password, port 443 (or none).
 * A `host:port` in `allowedTargets` (test-only `WEBHOOK_ALLOWED_TARGETS`) skips the port rule but still needs
 * HTTPS. The network checks (DNS resolution, private addresses) are not made here. Errors point at `/url`.
 */
export function checkWebhookUrl(raw: unknown, allowedTargets: readonly string[] = []): string {
  if (typeof raw !== 'string' || raw.trim() === '') return fail([{ pointer: '/url', detail: 'url is required' }]);
  const url = raw.trim();
  if (url.length > URL_MAX_LENGTH) fail([{ pointer: '/url', detail: `url must be at most ${URL_MAX_LENGTH} characters` }]);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail([{ pointer: '/url', detail: 'url must be an absolute URL' }]);
  }
  if (parsed.protocol !== 'https:') fail([{ pointer: '/url', detail: 'url must use https' }]);
  if (parsed.username !== '' || parsed.password !== '') fail([{ pointer: '/url', detail: 'url must not contain credentials' }]);
  if (parsed.hostname === '') fail([{ pointer: '/url', detail: 'url must name a host' }]);
  const target = `${parsed.hostname}:${parsed.port || '443'}`.toLowerCase();
  const allowed = allowedTargets.some((t) => t.trim().toLowerCase() === target);
  if (parsed.port !== '' && parsed.port !== '443' && !allowed) fail([{ pointer: '/url', detail: 'url must use port 443' }]);
  return url;
}

/** Non-empty, known types only (`/event_types/<i>` for each unknown one), de-duplicated in first-seen order. */
export function checkEventTypes(raw: unknown, subscribable: SubscribableTypes): string[] {
  if (!Array.isArray(raw) || raw.length === 0) return fail([{ pointer: '/event_types', detail: 'event_types must be a non-empty array' }]);
  const errors: FieldError[] = [];
  raw.forEach((t, i) => {
    if (typeof t !== 'string' || !subscribable.includes(t))
      errors.push({ pointer: `/event_types/${i}`, detail: `event type must be one of ${subscribable.join(', ')}` });
  });
  if (errors.length) fail(errors);
  return [...new Set(raw as string[])];
}

/**
 * A webhook endpoint of a workspace. Configuration changes go through intent-named methods; delivery
 * outcomes move its failure counter, and the 20th consecutive failed delivery disables it.
 */
export class Endpoint extends AggregateRoot<EndpointEvent> {
  private constructor(private s: EndpointState) {
    super();
  }

  static register(input: {
    id: string;
    workspaceId: string;
    url: string;
    eventTypes: readonly unknown[];
    subscribable: SubscribableTypes;
    secretRef: string;
    now: Date;
    allowedTargets?: readonly string[];
  }): Endpoint {
    const errors = collect(
      () => checkWebhookUrl(input.url, input.allowedTargets),
      () => checkEventTypes(input.eventTypes, input.subscribable),
    );
    if (errors.length) fail(errors);
    return new Endpoint({
      id: input.id,
      workspaceId: input.workspaceId,
      url: checkWebhookUrl(input.url, input.allowedTargets),
      eventTypes: checkEventTypes(input.eventTypes, input.subscribable),
      status: 'ACTIVE',
      disabledReason: null,
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      currentSecretRef: input.secretRef,
      previousSecretRef: null,
      previousSecretExpiresAt: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  static restore(state: EndpointState): Endpoint {
    return new Endpoint({ ...state, eventTypes: [...state.eventTypes] });
  }

  get id(): string {
    return this.s.id;
  }
  get workspaceId(): string {
    return this.s.workspaceId;
  }
  get url(): string {
    return this.s.url;
  }

  snapshot(): Readonly<EndpointState> {
    return { ...this.s, eventTypes: [...this.s.eventTypes] };
  }

  isActive(): boolean {
    return this.s.status === 'ACTIVE';
  }

  /** Whether an event of this type is delivered here (test sends bypass the filter). */
  subscribesTo(type: string): boolean {
    return this.s.eventTypes.includes(type);
  }

  /** The application verifies the new URL (SSRF guard, signed test event) before calling this. */
  changeUrl(url: string, now: Date, allowedTargets: readonly string[] = []): void {
    this.s = { ...this.s, url: checkWebhookUrl(url, allowedTargets), updatedAt: now };
  }

  changeEventTypes(eventTypes: readonly unknown[], subscribable: SubscribableTypes, now: Date): void {
    this.s = { ...this.s, eventTypes: checkEventTypes(eventTypes, subscribable), updatedAt: now };
  }

  /** ACTIVE again, with the failure counter reset (also when it was already active). */
  enable(now: Date): void {
    this.s = { ...this.s, status: 'ACTIVE', disabledReason: null, consecutiveFailures: 0, updatedAt: now };
  }

  /** Disabled by its owner. An endpoint that is already disabled keeps its original reason. */
  disable(now: Date): void {
    if (this.s.status === 'DISABLED') return;
    this.s = { ...this.s, status: 'DISABLED', disabledReason: 'MANUAL', updatedAt: now };
  }

  /** The old secret keeps signing for 24 hours beside the new one; a third secret is never active. */
  rotateSecret(newSecretRef: string, now: Date): void {
    this.s = {
      ...this.s,
      previousSecretRef: this.s.currentSecretRef,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
      currentSecretRef: newSecretRef,
      updatedAt: now,
    };
  }

  /** The secrets that sign a request sent at `now`: the current one first, then the previous during its overlap. */
  activeSecretRefs(now: Date): string[] {
    const { currentSecretRef, previousSecretRef, previousSecretExpiresAt } = this.s;
    const overlap = previousSecretRef !== null && previousSecretExpiresAt !== null && now.getTime() < previousSecretExpiresAt.getTime();
    return overlap ? [currentSecretRef, previousSecretRef] : [currentSecretRef];
  }

  /** A delivery SUCCEEDED: the consecutive-failure count starts over. */
  recordDeliverySucceeded(now: Date): void {
    this.s = { ...this.s, consecutiveFailures: 0, lastSuccessAt: now };
  }

  /**
   * A delivery ended FAILED after its ladder (not one recorded while disabled). The 20th in a row disables an
   * active endpoint with reason CONSECUTIVE_FAILURES; that returns (and raises) `EndpointAutoDisabled`.
   */
  recordDeliveryFailed(now: Date): EndpointAutoDisabled | null {
    const consecutiveFailures = this.s.consecutiveFailures + 1;
    this.s = { ...this.s, consecutiveFailures, lastFailureAt: now };
    if (this.s.status !== 'ACTIVE' || consecutiveFailures < CONSECUTIVE_FAILURES_BEFORE_DISABLE) return null;
    this.s = { ...this.s, status: 'DISABLED', disabledReason: 'CONSECUTIVE_FAILURES', updatedAt: now };
    return this.record<EndpointAutoDisabled>({
      type: 'EndpointAutoDisabled',
      endpointId: this.s.id,
      workspaceId: this.s.workspaceId,
      url: this.s.url,
      consecutiveFailures,
      at: now,
    });
  }
}

/** Runs each check and gathers the field errors of every one that fails. */
function collect(...checks: (() => unknown)[]): FieldError[] {
  return checks.flatMap((check) => {
    try {
      check();
      return [];
    } catch (e) {
      if (e instanceof ValidationError) return e.errors ?? [];
      throw e;
    }
  });
}
