import { Injectable } from '@nestjs/common';
import { SigningSecrets } from '../application/ports/signing-secrets.port.js';
import { newSigningSecret } from './webhook-signature.js';

// The signing itself has no Nest in it (webhook-signature.ts), so that `bio-page listen` signs with the same code.
export { newSigningSecret, signatureHeaders, signingKeys } from './webhook-signature.js';

/** The SigningSecrets port: Standard Webhooks secrets drawn from the system's random source. */
@Injectable()
export class RandomSigningSecrets extends SigningSecrets {
  issue(): string {
    return newSigningSecret();
  }
}
