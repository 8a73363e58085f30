// The operator CLI's commands on custom domains (the custom-domains context, docs/adr/0094): a workspace's domains,
// and the check of a domain's TXT record now (as POST /v1/domains/{domain_id}/verify does).
import { InvalidArgumentError } from 'commander';
import type { Command as Program } from 'commander';
import { OPERATOR_LISTING } from './access/domain/operator-listing.js';
import { LIMIT, pageSize, WORKSPACE } from './cli-arguments.js';
import type { JobContext, OnJob } from './cli-job.js';
import type { DomainView } from './custom-domains/index.js';

/** A check reads and writes custom domains alone; a listing first makes sure the workspace exists (access). */
const DOMAINS: readonly JobContext[] = ['custom-domains'];
const DOMAINS_OF_WORKSPACE: readonly JobContext[] = ['access', 'custom-domains'];

const DOMAIN = 'the custom domain id (dom_…)';

/**
 * Says on stderr how to get the next page when there is one (stdout stays one JSON array). The domains' list is the
 * API's, keyset-paginated: the next page starts at its cursor, not at an id.
 */
function nextCursor(page: { data: DomainView[]; has_more: boolean; next_cursor: string | null }): DomainView[] {
  if (page.has_more && page.next_cursor)
    process.stderr.write(`${page.data.length} domains printed, newest first; there are more: --after ${page.next_cursor}\n`);
  return page.data;
}

/** `domain list|verify`. */
export function addDomainCommands(program: Program, onJob: OnJob): void {
  const domain = program.command('domain').description("Custom domains: a workspace's pages on hostnames of their own");
  domain
    .command('list')
    .description(
      "List a workspace's custom domains, newest first: id, hostname, page_id, status (pending, verified, failed), the " +
        'TXT record that proves it (verification), verified_at, last_checked_at, next_check_at, created_at',
    )
    .requiredOption('--workspace <id>', WORKSPACE)
    .option('--limit <n>', LIMIT, pageSize, OPERATOR_LISTING.default)
    .option('--after <cursor>', 'start after the previous page (the cursor its listing printed on stderr)')
    .action((o: { workspace: string; limit: number; after?: string }) => {
      onJob(async ({ queries }) => {
        const [{ GetWorkspaceQuery }, { ListDomainsQuery }] = await Promise.all([
          import('./access/index.js'),
          import('./custom-domains/index.js'),
        ]);
        if (!(await queries.execute(new GetWorkspaceQuery(o.workspace)))) {
          const { NotFoundError } = await import('./platform/domain/domain-error.js');
          throw new NotFoundError('workspace');
        }
        try {
          return nextCursor(await queries.execute(new ListDomainsQuery(o.workspace, o.limit, o.after)));
        } catch (err) {
          // A cursor that is not one this listing printed (for this workspace).
          if ((err as { code?: string }).code === 'invalid_request')
            throw new InvalidArgumentError('--after must be a cursor printed by a previous `domain list` of this workspace');
          throw err;
        }
      }, DOMAINS_OF_WORKSPACE);
    });
  domain
    .command('verify')
    .description(
      "Check a domain's TXT record now (a failed domain too) and print the domain as the check left it: verified once " +
        'the record is found (the page is served on the hostname), else as it was, with a line on stderr. A DNS that ' +
        'gives no answer (time-out, SERVFAIL) changes nothing: error service_unavailable, try again',
    )
    .argument('<domain_id>', DOMAIN)
    .requiredOption('--workspace <id>', WORKSPACE)
    .action((id: string, o: { workspace: string }) => {
      onJob(async ({ commands }) => {
        const { CheckDomainCommand } = await import('./custom-domains/index.js');
        const checked = await commands.execute(new CheckDomainCommand(o.workspace, id));
        if (checked.status !== 'verified')
          process.stderr.write(
            `${checked.hostname} is ${checked.status}: the TXT record ${checked.verification.name} = "${checked.verification.value}" ` +
              'was not found\n',
          );
        return checked;
      }, DOMAINS);
    });
}
