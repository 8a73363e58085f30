import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { gatherFieldErrors, type FieldError } from '../../../platform/domain/domain-error.js';
import type { BodyRules } from '../../../platform/http/pipeline/operation.js';
import { checkEventTypes, checkWebhookUrl } from '../../domain/endpoint.js';
import { checkSigningSecret } from '../../domain/signing-secret.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../application/webhook-events.js';
import type { CreateEndpointBody, RotateSecretBody, UpdateEndpointBody } from './dto/webhook.dto.js';

/**
 * The endpoint's own rules on a body (the URL's syntax, the event types, a chosen secret), checked with the fields'
 * shapes so that one 400 lists every error (docs/adr/0071). The network checks (DNS, private addresses, the
 * signed test) come later, in the command, and only for a body without errors.
 */
@Injectable()
export class EndpointBodyRules implements BodyRules<CreateEndpointBody & UpdateEndpointBody & RotateSecretBody> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  check(b: Partial<CreateEndpointBody & UpdateEndpointBody & RotateSecretBody>): FieldError[] {
    return gatherFieldErrors(
      () => b.url !== undefined && checkWebhookUrl(b.url, this.config.webhookAllowedTargets),
      () => b.event_types !== undefined && checkEventTypes(b.event_types, SUBSCRIBABLE_EVENT_TYPES),
      () => b.secret !== undefined && checkSigningSecret(b.secret),
    );
  }
}
