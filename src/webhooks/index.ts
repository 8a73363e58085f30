/** The webhooks context's public entry: what the CLI and tests may use. Everything else is private. */
export { CreateEndpointCommand } from './application/commands/create-endpoint/create-endpoint.command.js';
export { DeleteEndpointCommand } from './application/commands/delete-endpoint/delete-endpoint.command.js';
export { ReplayDeliveriesCommand } from './application/commands/replay-deliveries/replay-deliveries.command.js';
export { ResendDeliveryCommand } from './application/commands/resend-delivery/resend-delivery.command.js';
export { RotateSecretCommand } from './application/commands/rotate-secret/rotate-secret.command.js';
export type { RotatedSecretView } from './application/commands/rotate-secret/rotate-secret.view.js';
export { SendTestEventCommand } from './application/commands/send-test-event/send-test-event.command.js';
export type { TestSendView } from './application/commands/send-test-event/send-test-event.view.js';
export { UpdateEndpointCommand } from './application/commands/update-endpoint/update-endpoint.command.js';
export { ReencryptSecretsCommand } from './application/commands/reencrypt-secrets/reencrypt-secrets.command.js';
export type { ReencryptionReport } from './application/commands/reencrypt-secrets/reencrypt-secrets.command.js';
export { GetDeliveryQuery } from './application/queries/get-delivery/get-delivery.query.js';
export { GetEndpointQuery } from './application/queries/get-endpoint/get-endpoint.query.js';
export { ListDeliveriesQuery } from './application/queries/list-deliveries/list-deliveries.query.js';
export { ListEndpointsQuery } from './application/queries/list-endpoints/list-endpoints.query.js';
export { ListOwnerNotificationsQuery } from './application/queries/list-owner-notifications/list-owner-notifications.query.js';
export type { OwnerNotificationView } from './application/queries/list-owner-notifications/list-owner-notifications.view.js';
export type { DeliveryView, EndpointView } from './application/webhook.views.js';
export { WebhookDispatcher } from './interface/workers/webhook-dispatcher.js';
export { WEBHOOKS_EXAMPLES } from './interface/http/openapi-examples.js';
/** Every webhook the service sends, each with its contract (docs/adr/0041). */
export { WEBHOOK_EVENTS } from './application/webhook-events.js';
