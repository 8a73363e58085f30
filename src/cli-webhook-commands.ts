// The operator CLI's webhook commands: owner notifications, re-sealing stored secrets (the webhooks context), and
// `listen`, which forwards a workspace's events to a local URL as a client of the API (src/listen/, ADR 0067).
import { InvalidArgumentError } from 'commander';
import type { Command as Program } from 'commander';
import { httpUrl, list, WORKSPACE } from './cli-arguments.js';
import { Standalone, type OnJob } from './cli-job.js';
import { DEFAULT_QUEUE_EVENTS } from './listen/forward-queue.js';
import { packageVersion } from './package-version.js';

/** `notification list` and `secrets re-encrypt`. */
export function addWebhookCommands(program: Program, onJob: OnJob): void {
  program
    .command('notification')
    .description('Notifications to workspace owners (e.g. a webhook endpoint disabled after 20 failed deliveries)')
    .command('list')
    .description("List the notifications recorded for a workspace's owner, newest first")
    .requiredOption('--workspace <id>', WORKSPACE)
    .action((o: { workspace: string }) => {
      onJob(async ({ queries }) => {
        const { ListOwnerNotificationsQuery } = await import('./webhooks/index.js');
        return queries.execute(new ListOwnerNotificationsQuery(o.workspace));
      });
    });

  program
    .command('secrets')
    .description('Stored secrets (webhook signing secrets, stored idempotent responses)')
    .command('re-encrypt')
    .description(
      'Rewrite every secret sealed under SECRET_ENCRYPTION_KEY_PREVIOUS under SECRET_ENCRYPTION_KEY (last step of a master-key rotation)',
    )
    .action(() => {
      onJob(async ({ commands }) => {
        const { ReencryptSecretsCommand } = await import('./webhooks/index.js');
        return commands.execute(new ReencryptSecretsCommand());
      });
    });
}

/** `--max-queue` (or BIO_PAGE_LISTEN_QUEUE): a whole number of events, 1 to 1,000,000. */
function queueBound(value: string): number {
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000)
    throw new InvalidArgumentError('--max-queue (BIO_PAGE_LISTEN_QUEUE) must be a whole number of events from 1 to 1000000');
  return Number(value);
}

/** `listen`: runs without the application (no Nest, no database). */
export function addListenCommand(program: Program, onJob: OnJob): void {
  program
    .command('listen')
    .description(
      "Forward the events of the API key's workspace to a local URL as they are published, signed the Standard Webhooks " +
        'way (webhooks on a laptop: no inbound connection, no setting on the server). A client of the API over HTTP: it ' +
        'needs no database. Prints the ready line with the signing secret, then one line per event (time, type, id, the ' +
        "local answer's status or error, duration) on stdout; connection notices on stderr. Reconnects (0.5 s to 5 s) " +
        'and resumes without losing or repeating an event; a local receiver that fails is not retried. Behind a slow ' +
        'receiver it stops reading the stream while --max-queue events wait. A key the API refuses (revoked, expired) ' +
        'stops it with status 2. Warns when --api-url is plain http:// to another machine. Ctrl-C stops it',
    )
    .option('--forward-to <url>', 'the local URL each event is POSTed to, e.g. http://localhost:4242/webhooks')
    .option('--events <types>', 'only these event types, comma-separated (default: all)', list)
    .option('--api-key <key>', 'an API key with the webhooks:read scope (default: $BIO_PAGE_API_KEY)')
    .option('--api-url <url>', 'the API base URL (default: $BIO_PAGE_API_URL, else http://127.0.0.1:3000)')
    .option(
      '--max-queue <events>',
      `at most this many events read and not yet forwarded (default: $BIO_PAGE_LISTEN_QUEUE, else ${DEFAULT_QUEUE_EVENTS})`,
    )
    .option('--print-secret', 'print the signing secret for this API key (the same on every run) and exit')
    .action((o: { forwardTo?: string; events?: string[]; apiKey?: string; apiUrl?: string; maxQueue?: string; printSecret?: boolean }) => {
      const apiKey = o.apiKey ?? process.env.BIO_PAGE_API_KEY;
      if (!apiKey) throw new InvalidArgumentError('an API key is needed: --api-key, or BIO_PAGE_API_KEY');
      if (o.printSecret) {
        onJob(
          new Standalone(async () => {
            const { sessionSecret } = await import('./listen/session-secret.js');
            process.stdout.write(`${sessionSecret(apiKey)}\n`);
            return 0;
          }),
        );
        return;
      }
      if (!o.forwardTo) throw new InvalidArgumentError('--forward-to <url> is required');
      const forwardTo = httpUrl(o.forwardTo, '--forward-to');
      const apiUrl = httpUrl(o.apiUrl ?? process.env.BIO_PAGE_API_URL ?? 'http://127.0.0.1:3000', '--api-url');
      const maxQueue = queueBound(o.maxQueue ?? process.env.BIO_PAGE_LISTEN_QUEUE ?? String(DEFAULT_QUEUE_EVENTS));
      onJob(
        new Standalone(async (signal) => {
          const { listen } = await import('./listen/listen.js');
          return listen({
            forwardTo,
            apiUrl,
            apiKey,
            events: o.events?.length ? o.events : undefined,
            maxQueue,
            signal,
            userAgent: `bio-page-listen/${packageVersion()}`,
            out: (line) => process.stdout.write(`${line}\n`),
            err: (line) => process.stderr.write(`${line}\n`),
          });
        }),
      );
    });
}
