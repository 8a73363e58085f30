import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { FileRepository } from '../../files/application/ports/file.ports.js';
import { SourceDirectory } from '../../audience/application/ports/audience.ports.js';
import type { ResolvedFile } from '../domain/page.js';
import { FileDirectory } from '../application/ports/page.ports.js';

/** FileDirectory on the files context: a block's file_url must be a file of the same workspace. */
@Injectable()
export class WorkspaceFileDirectory extends FileDirectory {
  constructor(private readonly files: FileRepository) {
    super();
  }

  async resolve(workspaceId: string, publicPath: string): Promise<ResolvedFile | null> {
    const file = await this.files.byPublicPath(workspaceId, publicPath);
    return file ? { publicPath: file.state.publicPath, name: file.state.name } : null;
  }
}

/** The audience context's SourceDirectory: is this page (and block, in its draft or live snapshot) the workspace's? */
@Injectable()
export class PageSourceDirectory extends SourceDirectory {
  constructor(private readonly sql: Sql) {
    super();
  }

  async belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean> {
    const row = await this.sql.one<{ ok: boolean }>(
      `SELECT (?::text IS NULL
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(draft_blocks) b WHERE b->>'id' = ?)
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(live_blocks, '[]'::jsonb)) b WHERE b->>'id' = ?)) AS ok
         FROM pages WHERE id = ? AND workspace_id = ?`,
      [blockId, blockId, blockId, pageId, workspaceId],
    );
    return row?.ok === true;
  }
}
