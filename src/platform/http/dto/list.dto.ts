import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';

/** `limit` 1..100 (default 25) and the opaque `after` cursor, shared by every paginated list. */
export class ListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25, type: 'integer' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 25;

  @ApiPropertyOptional({ description: 'Opaque cursor: a `next_cursor` from the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 512)
  after?: string;
}

/** Builds the OpenAPI schema class for a list envelope of `item`. */
export function ListEnvelope<T>(item: new () => T, name: string): new () => { data: T[]; has_more: boolean; next_cursor: string | null } {
  class Envelope {
    @ApiProperty({ type: [item] })
    data!: T[];

    @ApiProperty()
    has_more!: boolean;

    @ApiProperty({ type: 'string', nullable: true, description: 'Pass back as `after`; null on the last page.' })
    next_cursor!: string | null;
  }
  Object.defineProperty(Envelope, 'name', { value: name });
  return Envelope;
}

/**
 * Like @IsOptional, but only an absent field skips validation: an explicit `null` is validated (and
 * refused by the field's type rule), so `null` never sneaks past as "not given".
 */
export const IsAbsentOr = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
