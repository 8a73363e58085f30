import type { EndpointView } from '../../webhook.views.js';

export interface RotatedSecretView {
  endpoint: EndpointView;
  secret: string;
  previous_secret_expires_at: string;
}
