// The operator CLI's commands on a workspace's files and where their bytes are stored (the files context).
import { InvalidArgumentError, Option } from 'commander';
import type { Command as Program } from 'commander';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_FILE_BYTES } from './files/domain/workspace-file.js';
import { WORKSPACE } from './cli-arguments.js';
import { Finished, type OnJob } from './cli-job.js';

/** `file add|migrate` (alias `files`). */
export function addFileCommands(program: Program, onJob: OnJob): void {
  const file = program.command('file').alias('files').description('Files of a workspace, and where their bytes are stored');
  file
    .command('add')
    .description('Store a file for a workspace and print it (with its public path)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .argument('<path>', 'the file to upload')
    .option('--name <name>', 'file name (default: the base name of <path>)')
    .action((path: string, o: { workspace: string; name?: string }) => {
      onJob(async ({ commands }) => {
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) throw new InvalidArgumentError(`no such file: ${path}`);
        if (info.size > MAX_FILE_BYTES) throw new InvalidArgumentError(`files are limited to ${MAX_FILE_BYTES} bytes`);
        const given = o.name ?? basename(path);
        const [{ default: mime }, { fileTypeFromBuffer }, { isUploadType, nameForType }, { AddFileCommand }] = await Promise.all([
          import('mime'),
          import('file-type'),
          import('./files/domain/upload-rules.js'),
          import('./files/index.js'),
        ]);
        const bytes = await readFile(path);
        // Bytes with the signature of an upload type are that type, and the name takes its extension, as an
        // upload's does (`x.html` holding a PNG is `x.png`, ADR 0061); other files keep the type their name says.
        const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
        const [name, type] =
          sniffed && isUploadType(sniffed)
            ? [nameForType(given.trim(), sniffed), sniffed]
            : [given, mime.getType(given) ?? 'application/octet-stream'];
        return commands.execute(new AddFileCommand(o.workspace, name, type, bytes));
      });
    });
  file
    .command('migrate')
    .description(
      "Copy every workspace's files from the local directory (FILE_STORAGE_DIR) to the object store the S3_* settings " +
        'name, while the service keeps serving (FILE_STORAGE may still be local). Each object is read back and checked ' +
        '(size, SHA-256); files the bucket holds already are skipped, so a run that stopped is run again. Progress on ' +
        'stderr, a summary on stdout; exits 1 if any file failed',
    )
    .addOption(new Option('--to <store>', 'where to: s3').choices(['s3']).makeOptionMandatory())
    .action(() => {
      onJob(async ({ commands }) => {
        const [{ s3SettingsOf, ConfigError }, { MigrateFilesCommand }] = await Promise.all([
          import('./platform/config/config.js'),
          import('./files/index.js'),
        ]);
        let target;
        try {
          target = s3SettingsOf(process.env);
        } catch (err) {
          throw err instanceof ConfigError ? new InvalidArgumentError(err.message) : err;
        }
        const summary = await commands.execute(new MigrateFilesCommand(target, (line) => process.stderr.write(`${line}\n`)));
        return new Finished(summary, summary.failed > 0 ? 1 : 0);
      });
    });
}
