/**
 * Issues new endpoint signing secrets (plaintext, shown to the user once). The format is the signature
 * scheme's (Standard Webhooks: `whsec_` + base64 of 32 random bytes), so the adapter lives with the signing code.
 */
export abstract class SigningSecrets {
  abstract issue(): string;
}
