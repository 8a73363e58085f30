import { Migration } from '@mikro-orm/migrations';

/**
 * `file_routes` (docs/adr/0053): the public file route (`/files/<id>/<name>`) names no workspace, and the primary key of
 * `files` leads with it since 0023. Like `page_slugs` for `/p/<slug>`, a reference table keyed by the file id says whose
 * file it is, and the file is then read by its key (one shard on a sharded cluster). Filled from `files`; written with
 * every new file in the upload's transaction.
 */
export class Migration0025FileRoutes extends Migration {
  override up(): void {
    this.addSql(`
      CREATE TABLE file_routes (
        id text NOT NULL,
        workspace_id text NOT NULL,
        CONSTRAINT file_routes_pkey PRIMARY KEY (id),
        CONSTRAINT file_routes_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
      );
      INSERT INTO file_routes (id, workspace_id) SELECT id, workspace_id FROM files;
    `);
  }
}
