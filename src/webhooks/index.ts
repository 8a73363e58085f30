/** The webhooks context's public entry: what the CLI and tests may use. */
export { CreateEndpointCommand, DeleteEndpointCommand, RotateSecretCommand, SendTestEventCommand, UpdateEndpointCommand } from './application/endpoint-commands.js';
export type { RotatedSecretView, TestSendView } from './application/endpoint-commands.js';
export { ReplayDeliveriesCommand, ResendDeliveryCommand } from './application/delivery-commands.js';
export { ReencryptSecretsCommand } from './infrastructure/reencrypt-secrets.js';
export { GetDeliveryQuery, GetEndpointQuery, ListDeliveriesQuery, ListEndpointsQuery, ListOwnerNotificationsQuery } from './application/webhook-queries.js';
export type { OwnerNotificationView } from './application/webhook-queries.js';
export type { DeliveryView, EndpointView } from './application/webhook.views.js';
