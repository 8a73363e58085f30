import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions, Transactional, Transactions } from '../../platform/cqrs/transactional.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { NotFoundError, ValidationError } from '../../platform/domain/domain-error.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import { checkWebhookUrl, Endpoint, MAX_ENDPOINTS_PER_WORKSPACE } from '../domain/endpoint.js';
import { EndpointLimitReachedError, EndpointVerificationFailedError } from '../domain/webhook.errors.js';
import { newSigningSecret } from '../infrastructure/webhook-signing.js';
import { EndpointRepository, WebhookTransport, type TransportOutcome } from './ports/webhook.ports.js';
import { endpointView, envelopeBody, type EndpointView } from './webhook.views.js';

const TEST_MESSAGE = 'This is a test event. If you can read this, your endpoint receives signed webhooks.';

/** Sends a signed `endpoint.test` (never persisted, ignores the event-type filter) and returns the outcome. */
async function sendTestEvent(transport: WebhookTransport, ids: IdGenerator, url: string, secrets: string[], now: Date): Promise<TransportOutcome> {
  const id = ids.next('whmsg');
  return transport.send(url, secrets, { id, body: envelopeBody(id, 'endpoint.test', now, { message: TEST_MESSAGE }) }, now);
}

/** URL rules, then the SSRF guard, then a signed test that must be answered 2xx. Nothing is stored before. */
async function verifyUrl(transport: WebhookTransport, ids: IdGenerator, url: string, secrets: string[], now: Date): Promise<void> {
  await transport.screen(url);
  const outcome = await sendTestEvent(transport, ids, url, secrets, now);
  if (!outcome.delivered) throw new EndpointVerificationFailedError(outcome.error ?? `HTTP ${outcome.statusCode}`);
}

export class CreateEndpointCommand extends Command<{ endpoint: EndpointView; secret: string }> {
  constructor(
    readonly workspaceId: string,
    readonly url: string,
    readonly eventTypes: string[],
  ) {
    super();
  }
}

@CommandHandler(CreateEndpointCommand)
@OwnTransactions('sends a signed test over the network first, holding no connection; then a short transaction')
export class CreateEndpointHandler implements ICommandHandler<CreateEndpointCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async execute(cmd: CreateEndpointCommand): Promise<{ endpoint: EndpointView; secret: string }> {
    const id = this.ids.next('we');
    const secret = newSigningSecret();
    const now = this.clock.now();
    const endpoint = Endpoint.register({
      id,
      workspaceId: cmd.workspaceId,
      url: cmd.url,
      eventTypes: cmd.eventTypes,
      secretRef: this.endpoints.seal(id, secret),
      now,
      allowedTargets: this.config.webhookAllowedTargets,
    });
    // Checked before the test send (no request goes out for a create that cannot succeed), and again under
    // the workspace lock, so two concurrent creates cannot make an eleventh endpoint.
    if ((await this.endpoints.countInWorkspace(cmd.workspaceId)) >= MAX_ENDPOINTS_PER_WORKSPACE) throw new EndpointLimitReachedError();
    await verifyUrl(this.transport, this.ids, endpoint.url, [secret], now);
    await this.transactions.run(async () => {
      await this.endpoints.lockWorkspace(cmd.workspaceId);
      if ((await this.endpoints.countInWorkspace(cmd.workspaceId)) >= MAX_ENDPOINTS_PER_WORKSPACE) throw new EndpointLimitReachedError();
      await this.endpoints.insert(endpoint);
    });
    return { endpoint: endpointView(endpoint), secret };
  }
}

export class UpdateEndpointCommand extends Command<EndpointView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly changes: { url?: string; eventTypes?: string[]; enabled?: boolean },
  ) {
    super();
  }
}

@CommandHandler(UpdateEndpointCommand)
@OwnTransactions('sends a signed test over the network first, holding no connection; then a short transaction')
export class UpdateEndpointHandler implements ICommandHandler<UpdateEndpointCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async execute(cmd: UpdateEndpointCommand): Promise<EndpointView> {
    const { url, eventTypes, enabled } = cmd.changes;
    if (url === undefined && eventTypes === undefined && enabled === undefined) {
      throw ValidationError.field('', 'Send at least one of url, event_types, enabled.');
    }
    const found = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId);
    if (!found) throw new NotFoundError('webhook endpoint');
    const now = this.clock.now();
    if (url !== undefined) {
      const checked = checkWebhookUrl(url, this.config.webhookAllowedTargets);
      if (checked !== found.url) await verifyUrl(this.transport, this.ids, checked, await this.endpoints.signingSecrets(found, now), now);
    }
    // The test send may take seconds: apply the change to the row as it is now, under its lock.
    return this.transactions.run(async () => {
      const endpoint = await this.endpoints.byIdForUpdate(found.id);
      if (!endpoint) throw new NotFoundError('webhook endpoint');
      if (url !== undefined) endpoint.changeUrl(url, now, this.config.webhookAllowedTargets);
      if (eventTypes !== undefined) endpoint.changeEventTypes(eventTypes, now);
      if (enabled === true) endpoint.enable(now);
      if (enabled === false) endpoint.disable(now);
      await this.endpoints.update(endpoint);
      return endpointView(endpoint);
    });
  }
}

export class DeleteEndpointCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteEndpointCommand)
@Transactional()
export class DeleteEndpointHandler implements ICommandHandler<DeleteEndpointCommand> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(cmd: DeleteEndpointCommand): Promise<void> {
    if (!(await this.endpoints.delete(cmd.workspaceId, cmd.endpointId))) throw new NotFoundError('webhook endpoint');
  }
}

export interface RotatedSecretView {
  endpoint: EndpointView;
  secret: string;
  previous_secret_expires_at: string;
}

export class RotateSecretCommand extends Command<RotatedSecretView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}

@CommandHandler(RotateSecretCommand)
@Transactional()
export class RotateSecretHandler implements ICommandHandler<RotateSecretCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RotateSecretCommand): Promise<RotatedSecretView> {
    const found = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId);
    const endpoint = found && (await this.endpoints.byIdForUpdate(found.id));
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const secret = newSigningSecret();
    endpoint.rotateSecret(this.endpoints.seal(endpoint.id, secret), this.clock.now());
    await this.endpoints.update(endpoint);
    const view = endpointView(endpoint);
    return { endpoint: view, secret, previous_secret_expires_at: view.previous_secret_expires_at! };
  }
}

export interface TestSendView {
  delivered: boolean;
  status_code: number | null;
  error: string | null;
}

export class SendTestEventCommand extends Command<TestSendView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}

/** Synchronous, signed like a real delivery; the delivery log and the counters are not touched. */
@CommandHandler(SendTestEventCommand)
@OwnTransactions('sends a signed test over the network and writes nothing')
export class SendTestEventHandler implements ICommandHandler<SendTestEventCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: SendTestEventCommand): Promise<TestSendView> {
    const endpoint = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const now = this.clock.now();
    const outcome = await sendTestEvent(this.transport, this.ids, endpoint.url, await this.endpoints.signingSecrets(endpoint, now), now);
    return { delivered: outcome.delivered, status_code: outcome.statusCode, error: outcome.delivered ? null : outcome.error };
  }
}
