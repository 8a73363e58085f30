import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { IsAbsentOr, ListQueryDto } from '../../../../platform/http/dto/list.dto.js';
import { INSTANT_SPELLING, IsInstant } from '../../../../platform/http/dto/instant.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../../application/webhook-events.js';

const URL_DESCRIPTION =
  'Public HTTPS URL on port 443. Screened against private-network targets, ' +
  'then verified with a signed `endpoint.test` that must be answered 2xx.';

const SECRET_DESCRIPTION =
  'Optional: the signing secret to use, for a receiver configured with it beforehand (one that refuses requests not ' +
  'signed with it). `whsec_` followed by the standard base64 (with `=` padding) of 24 to 64 bytes, as Svix secrets ' +
  'are; anything else is 400 at `/secret`. Without it the service generates one. The response returns it either way.';

/** The optional `secret` of create and rotate-secret: the domain checks its form (domain/signing-secret.ts). */
function SecretProperty(description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ description, pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$', minLength: 38, maxLength: 94 })(target, key);
    IsAbsentOr()(target, key);
    IsString()(target, key);
  };
}

export class CreateEndpointBody {
  @ApiProperty({ maxLength: 2048, description: URL_DESCRIPTION }) @IsString() @MaxLength(4096) url!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] }, minItems: 1 })
  @IsArray()
  @ArrayMaxSize(20)
  event_types!: string[];
  @SecretProperty(SECRET_DESCRIPTION) secret?: string;
}

/** The body of rotate-secret, which may be left out entirely (the service then issues the new secret). */
export class RotateSecretBody {
  @SecretProperty(
    `${SECRET_DESCRIPTION.replace('the signing secret to use', 'the new signing secret')} ` +
      'The old secret keeps signing too for 24 hours, as when the service generates the new one.',
  )
  secret?: string;
}

export class UpdateEndpointBody {
  @ApiPropertyOptional({ maxLength: 2048, description: `${URL_DESCRIPTION} Re-verified only when it changes.` })
  @IsAbsentOr()
  @IsString()
  @MaxLength(4096)
  url?: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] }, minItems: 1 })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(20)
  event_types?: string[];
  @ApiPropertyOptional({ description: '`true` re-enables (and resets `consecutive_failures`); `false` disables with reason MANUAL.' })
  @IsAbsentOr()
  @IsBoolean()
  enabled?: boolean;
}

export class ReplayBody {
  @ApiProperty({
    format: 'date-time',
    description: `Re-queue every FAILED delivery created at or after this instant (at most 30 days ago): ${INSTANT_SPELLING}.`,
  })
  @IsInstant()
  since!: string;
}

export class DeliveryListQuery extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['PENDING', 'SUCCEEDED', 'FAILED'], description: 'Only deliveries in this status.' })
  @IsAbsentOr()
  @IsIn(['PENDING', 'SUCCEEDED', 'FAILED'])
  status?: 'PENDING' | 'SUCCEEDED' | 'FAILED';
}

export class EndpointResponse {
  @ApiProperty() id!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ enum: ['ACTIVE', 'DISABLED'] }) status!: string;
  @ApiProperty({ type: 'string', enum: ['MANUAL', 'CONSECUTIVE_FAILURES'], nullable: true }) disabled_reason!: string | null;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] } }) event_types!: string[];
  @ApiProperty({ type: 'integer' }) consecutive_failures!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) last_success_at!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) last_failure_at!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) previous_secret_expires_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class EndpointListResponse {
  @ApiProperty({ type: [EndpointResponse] }) data!: EndpointResponse[];
}

export class EndpointWithSecretResponse {
  @ApiProperty({ type: EndpointResponse }) endpoint!: EndpointResponse;
  @ApiProperty({
    description: 'The signing secret: the one given in the request, else `whsec_` + base64 of 32 random bytes. Shown only here.',
  })
  secret!: string;
}

export class RotatedSecretResponse extends EndpointWithSecretResponse {
  @ApiProperty({ format: 'date-time', description: 'Until then the old secret signs too (a second `v1,` entry).' })
  previous_secret_expires_at!: string;
}

export class TestSendResponse {
  @ApiProperty() delivered!: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) status_code!: number | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Null when delivered; else the status and the start of the body, or the network error.',
  })
  error!: string | null;
}

export class AttemptResponse {
  @ApiProperty({ type: 'integer', minimum: 1 }) number!: number;
  @ApiProperty({ type: 'integer', nullable: true }) status_code!: number | null;
  @ApiProperty({ type: 'string', nullable: true, maxLength: 500 }) error!: string | null;
  @ApiProperty({ type: 'integer' }) duration_ms!: number;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class DeliveryResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The envelope id (`whmsg_…`), sent as `webhook-id`.' }) event_id!: string;
  @ApiProperty() event_type!: string;
  @ApiProperty({ enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }) status!: string;
  @ApiProperty({ type: 'integer' }) attempt_count!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) next_attempt_at!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) last_status_code!: number | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: [AttemptResponse] }) attempts!: AttemptResponse[];
}

export class ReplayResponse {
  @ApiProperty({ type: 'integer' }) replayed!: number;
}

const KNOWN_TYPES = `one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}`;

/** `?type=a&type=b` (a repeated parameter) arrives as an array, a single one as a string: always a list here. */
const asList = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));

export class EventListQuery extends ListQueryDto {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] },
    description: 'Only events of these types; repeat the parameter for several (`?type=a&type=b`).',
    example: SUBSCRIBABLE_EVENT_TYPES.slice(0, 2),
  })
  @IsAbsentOr()
  @asList
  @IsArray()
  @ArrayMaxSize(SUBSCRIBABLE_EVENT_TYPES.length)
  @IsIn([...SUBSCRIBABLE_EVENT_TYPES], { each: true, message: `type must be ${KNOWN_TYPES}` })
  type?: string[];

  @ApiPropertyOptional({ format: 'date-time', description: `Only events created at or after this instant: ${INSTANT_SPELLING}.` })
  @IsAbsentOr()
  @IsInstant()
  created_after?: string;

  @ApiPropertyOptional({ format: 'date-time', description: `Only events created before this instant: ${INSTANT_SPELLING}.` })
  @IsAbsentOr()
  @IsInstant()
  created_before?: string;
}

/** An event: the envelope its webhook deliveries send, the same fields and values (`id` is the `webhook-id`). */
export class EventResponse {
  @ApiProperty({ description: 'The event id: the `webhook-id` its deliveries carry.' }) id!: string;
  @ApiProperty({ enum: [...SUBSCRIBABLE_EVENT_TYPES] }) type!: string;
  @ApiProperty({ format: 'date-time', description: 'When the event happened.' }) created_at!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The event's data, as in the webhook of its type (see the document's `webhooks`).",
  })
  data!: Record<string, unknown>;
}
