import { Injectable } from '@nestjs/common';
import { gatherFieldErrors, type FieldError } from '../../../platform/domain/domain-error.js';
import type { BodyRules } from '../../../platform/http/pipeline/operation.js';
import { checkDescription, checkLocale, checkSlug, checkTheme, checkTitle, newBlockProblems } from '../../domain/page.rules.js';
import type { AddBlockBody, CreatePageBody, UpdatePageBody } from './dto/page.dto.js';

/**
 * The Page aggregate's own rules on a body, checked with the fields' shapes so that one 400 lists every error
 * (docs/adr/0071). Only what needs no I/O: the avatar file, the blocks an update names and the block order need
 * the page or the workspace's files, and are checked by the command.
 */
const pageFields = (b: Partial<Pick<CreatePageBody, 'title' | 'description' | 'locale' | 'theme_preset_key' | 'slug'>>): FieldError[] =>
  gatherFieldErrors(
    () => b.title !== undefined && checkTitle(b.title),
    () => b.description !== undefined && checkDescription(b.description),
    () => b.locale !== undefined && checkLocale(b.locale),
    () => b.theme_preset_key !== undefined && checkTheme(b.theme_preset_key),
    () => b.slug !== undefined && checkSlug(b.slug),
  );

@Injectable()
export class CreatePageRules implements BodyRules<CreatePageBody> {
  check(body: Partial<CreatePageBody>): FieldError[] {
    return pageFields(body);
  }
}

@Injectable()
export class UpdatePageRules implements BodyRules<UpdatePageBody> {
  check(body: Partial<UpdatePageBody>): FieldError[] {
    return pageFields(body);
  }
}

@Injectable()
export class AddBlockRules implements BodyRules<AddBlockBody> {
  check(b: Partial<AddBlockBody>, reported: ReadonlySet<string>): FieldError[] {
    // A `file_url` or `data` whose shape was wrong is not a missing one: nothing more is said of it.
    return newBlockProblems({
      kind: b.kind,
      hasFile: reported.has('file_url') ? undefined : b.file_url !== undefined,
      fileName: b.file_name,
      data: b.data,
      skipData: reported.has('data'),
    });
  }
}
