import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { BLOCK_KINDS } from '../../../domain/block-kinds.js';
import { THEME_PRESETS } from '../../../domain/theme.js';

/** What the page operations answer: a page as read, a page list's rows, a publish's outcome and a preview link. */

const PRESETS = Object.keys(THEME_PRESETS);
const SCHEDULED_FOR_DESCRIPTION =
  'When a scheduled publish will copy the draft live (publishPage with `starts_at`); null when none is pending. ' +
  'cancelSchedule calls it off; publishing now or archiving clears it.';

class ThemeResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ enum: PRESETS }) preset_key!: string;
}
class BlockRefResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: BLOCK_KINDS }) kind!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty() label!: string;
  @ApiProperty({
    description: "The block's contents as stored (URLs in their normalized form); its shape is the schema of its kind.",
    anyOf: BLOCK_KINDS.map((k) => ({ $ref: getSchemaPath(`${k[0]}${k.slice(1).toLowerCase()}BlockData`) })),
  })
  data!: Record<string, unknown>;
  @ApiProperty({ type: 'string', nullable: true, description: "A FILE block's file: its public path; null for other kinds." })
  file_url!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: "A FILE block's file name; null for other kinds." })
  file_name!: string | null;
}
class DraftResponse {
  @ApiProperty({ format: 'date-time', description: 'The concurrency stamp every page write requires.' }) updated_at!: string;
  @ApiProperty({ type: 'integer' }) block_count!: number;
  @ApiProperty({ type: [BlockRefResponse] }) blocks!: BlockRefResponse[];
}
class PublishedResponse {
  @ApiProperty() is_live!: boolean;
  @ApiProperty({ type: 'integer' }) block_count!: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) live_updated_at!: string | null;
}
export class PageResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] }) status!: string;
  @ApiProperty() locale!: string;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) public_url!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'The ID of the image file shown as the page’s avatar, or null.' })
  avatar_file_id!: string | null;
  @ApiProperty({ type: ThemeResponse }) theme!: ThemeResponse;
  @ApiProperty({ type: DraftResponse }) draft!: DraftResponse;
  @ApiProperty({ type: PublishedResponse }) published!: PublishedResponse;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: SCHEDULED_FOR_DESCRIPTION })
  scheduled_for!: string | null;
}
export class PageSummaryResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: ['DRAFT', 'PUBLISHED', 'ARCHIVED'] }) status!: string;
  @ApiProperty({ type: 'integer' }) block_count!: number;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) public_url!: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: SCHEDULED_FOR_DESCRIPTION })
  scheduled_for!: string | null;
}
export class PublishResponse {
  @ApiProperty({ type: PageResponse }) page!: PageResponse;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) scheduled_for!: string | null;
}

export class PreviewLinkResponse {
  @ApiProperty({ enum: ['preview_link'] }) object!: 'preview_link';
  @ApiProperty() page_id!: string;
  @ApiProperty({
    format: 'uri',
    description:
      "Opens the page's current draft (the newest, whenever it is opened) as it would look live, with a Preview banner; " +
      'anyone holding it can open it until `expires_at`. Not indexed, not cached, no view counted.',
  })
  url!: string;
  @ApiProperty({ format: 'date-time', description: 'After this instant the link opens the not-found page.' }) expires_at!: string;
}
