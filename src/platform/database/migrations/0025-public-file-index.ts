import { Migration } from '@mikro-orm/migrations';

/**
 * `files_id_idx` (docs/adr/0053): the public file route (`/files/<id>/<name>`) names no workspace, and the primary
 * key leads with it since 0023. A plain index, not unique: a unique one would have to lead with `workspace_id` too
 * on a distributed table. On a large database an operator builds it first with `CREATE INDEX CONCURRENTLY` under this
 * name, and the statement below then finds it there.
 */
export class Migration0025PublicFileIndex extends Migration {
  override up(): void {
    this.addSql(`CREATE INDEX IF NOT EXISTS files_id_idx ON files (id);`);
  }
}
