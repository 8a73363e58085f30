export const SCOPES = [
  'pages:read',
  'pages:write',
  'publish',
  'contacts:read',
  'contacts:write',
  'files:read',
  'files:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  'domains:read',
  'domains:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
