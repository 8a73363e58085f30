import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsAbsentOr } from '../../../../platform/http/dto/list.dto.js';
import { INSTANT_SPELLING, IsInstant } from '../../../../platform/http/dto/instant.js';
import { BLOCK_KINDS } from '../../../domain/block-kinds.js';
import { PAGE_LIMITS } from '../../../domain/page.state.js';
import { PREVIEW_LINK } from '../../../domain/preview-link.js';
import { THEME_PRESETS } from '../../../domain/theme.js';

/** The page operations' request bodies and queries; what the operations answer is in page-response.dto.ts. */

export const STAMP_DESCRIPTION =
  `The \`draft.updated_at\` you last read, as ${INSTANT_SPELLING}: any such spelling of the same instant matches; a date ` +
  'alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.';
const PRESETS = Object.keys(THEME_PRESETS);
const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
const SLUG_DESCRIPTION =
  'The page’s address on the live site: lower-case letters, digits and single hyphens, 3 to 48 characters, not a ' +
  'reserved word (`v1`, `api`, `docs`, …). One another page holds, or gave up less than 90 days ago, gives 409 slug_taken.';
const AVATAR_DESCRIPTION =
  'The ID of an image file (PNG, JPEG, WebP or GIF) of this workspace, shown at the top of the live page and as its ' +
  '`og:image`; applies to the live page at once.';

export class CreatePageBody {
  @ApiProperty({ minLength: 1, maxLength: PAGE_LIMITS.titleMax }) @IsString() @MaxLength(1000) title!: string;
  @ApiPropertyOptional({ maxLength: PAGE_LIMITS.descriptionMax }) @IsAbsentOr() @IsString() @MaxLength(5000) description?: string;
  @ApiPropertyOptional({ description: 'BCP 47 language tag; `en` when left out.' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(35)
  locale?: string;
  @ApiPropertyOptional({ enum: PRESETS, description: '`classic` when left out.' }) @IsAbsentOr() @IsString() theme_preset_key?: string;
  @ApiPropertyOptional({
    minLength: 3,
    maxLength: 48,
    pattern: SLUG_PATTERN,
    description: `${SLUG_DESCRIPTION} Left out, it is derived from the title (made unique with -2, -3, …).`,
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  slug?: string;
  @ApiPropertyOptional({ description: AVATAR_DESCRIPTION }) @IsAbsentOr() @IsString() @MaxLength(100) avatar_file_id?: string;
}

export class BlockUpdate {
  @ApiProperty() @IsString() @Length(1, 100) block_id!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Merge patch of the block data (null removes a field); the result must match the kind’s data schema.',
  })
  @IsAbsentOr()
  @IsObject()
  data?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Show or hide the block.' }) @IsAbsentOr() @IsBoolean() enabled?: boolean;
}

export class UpdatePageBody {
  @ApiProperty({ format: 'date-time', description: STAMP_DESCRIPTION }) @IsInstant() expected_updated_at!: string;
  @ApiPropertyOptional({ minLength: 1, maxLength: PAGE_LIMITS.titleMax, description: 'Applies to the live page at once.' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  title?: string;
  @ApiPropertyOptional({ maxLength: PAGE_LIMITS.descriptionMax, description: 'Applies to the live page at once.' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(5000)
  description?: string;
  @ApiPropertyOptional({ enum: PRESETS, description: 'Applies to the live page at once.' })
  @IsAbsentOr()
  @IsString()
  theme_preset_key?: string;
  @ApiPropertyOptional({
    minLength: 3,
    maxLength: 48,
    pattern: SLUG_PATTERN,
    description:
      `${SLUG_DESCRIPTION} Routes at once; the old slug answers a 301 to the new one for 90 days and stays this ` +
      'workspace’s meanwhile. A new title never changes the slug.',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  slug?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: `${AVATAR_DESCRIPTION} null removes the avatar.` })
  @ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null)
  @IsString()
  @MaxLength(100)
  avatar_file_id?: string | null;
  @ApiPropertyOptional({ type: [BlockUpdate], maxItems: 100, description: 'Draft only, until publish.' })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => BlockUpdate)
  block_updates?: BlockUpdate[];
  @ApiPropertyOptional({
    type: [String],
    maxItems: 100,
    description: 'Every block ID exactly once, top to bottom. Draft only, until publish.',
  })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  block_order?: string[];
}

export class AddBlockBody {
  @ApiProperty({ format: 'date-time', description: STAMP_DESCRIPTION }) @IsInstant() expected_updated_at!: string;
  @ApiProperty({ enum: BLOCK_KINDS }) @IsString() kind!: string;
  // The document replaces this class's schema with one schema per kind (pages/interface/http/block-data.schemas.ts).
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Per-kind data.' })
  @IsAbsentOr()
  @IsObject()
  data?: Record<string, unknown>;
  @ApiPropertyOptional({
    description: 'The `public_path` of a workspace file; required for IMAGE, FILE, CAROUSEL and PRODUCT, refused otherwise.',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(600)
  file_url?: string;
  @ApiPropertyOptional({ maxLength: 255, description: 'Display name for the file (defaults to the file’s name).' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  file_name?: string;
}

export class RemoveBlockQuery {
  @ApiProperty({ format: 'date-time', description: STAMP_DESCRIPTION }) @IsInstant() expected_updated_at!: string;
}

export class PublishBody {
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Omit to publish now; a future instant (at most one year ahead) schedules the publish and replaces a pending schedule.',
  })
  @IsAbsentOr()
  @IsInstant()
  starts_at?: string;
  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'Optional: the `draft.updated_at` of the draft you mean to publish. When the page was changed since, 409 stale_snapshot ' +
      'and nothing is published or scheduled; left out, whatever the draft holds now is published.',
  })
  @IsAbsentOr()
  @IsInstant()
  expected_updated_at?: string;
}

export class EmptyBody {}

export class CreatePreviewLinkBody {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: PREVIEW_LINK.expiresInMin,
    maximum: PREVIEW_LINK.expiresInMax,
    default: PREVIEW_LINK.expiresInDefault,
    description: 'Seconds the link works for: 60 (a minute) to 604800 (7 days); 86400 (a day) when left out.',
  })
  @IsAbsentOr()
  @IsInt()
  @Min(PREVIEW_LINK.expiresInMin)
  @Max(PREVIEW_LINK.expiresInMax)
  expires_in?: number;
}
