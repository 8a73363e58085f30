import { Migration } from '@mikro-orm/migrations';

/**
 * Custom domains (docs/adr/0094): a workspace's claimed hostnames, their proof token and their checks. One verified
 * row per hostname across workspaces; the checker finds due rows by `next_check_at`.
 */
export class Migration0031CustomDomains extends Migration {
  override up(): void {
    this.addSql(`
      create table "custom_domains" ("workspace_id" text not null, "id" text not null, "hostname" text not null, "page_id" text not null, "token" text not null, "status" text not null, "created_at" timestamptz(3) not null, "pending_since" timestamptz(3) null, "verified_at" timestamptz(3) null, "missing_since" timestamptz(3) null, "checks" int not null default 0, "last_checked_at" timestamptz(3) null, "next_check_at" timestamptz(3) null, "version" int not null default 0, primary key ("workspace_id", "id"));
      CREATE INDEX custom_domains_list_idx ON custom_domains (workspace_id, created_at DESC, id DESC);
      create index "custom_domains_due_idx" on "custom_domains" ("next_check_at") where next_check_at IS NOT NULL;
      alter table "custom_domains" add constraint "custom_domains_workspace_hostname" unique ("workspace_id", "hostname");
      create unique index "custom_domains_verified_hostname" on "custom_domains" ("hostname") where status = 'verified';
      alter table "custom_domains" add constraint "custom_domains_workspace_id_fkey" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;
      alter table "custom_domains" add constraint "custom_domains_status_check" check (status IN ('pending', 'verified', 'failed'));
    `);
  }

  // Down, for reference (migrations only go forward here):
  // drop table if exists "custom_domains" cascade;
}
