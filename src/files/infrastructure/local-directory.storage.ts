import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStorage, type ByteRange, type StagedBytes } from '../application/ports/file.ports.js';
import { ByteTally } from './byte-tally.js';

/** The staging area, inside the root so that a promotion is a rename on one file system. */
const STAGING = '.staging';
const STAGED_SUFFIX = '.part';

/** Fsyncs a directory, so that a rename or a new entry in it survives a crash. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * FileStorage on a local directory (FILE_STORAGE_DIR). Writes are atomic (temp file + rename). Uploads are staged
 * in `.staging/<id>.part`, synced, and renamed to their key once their record has committed (docs/adr/0045).
 */
export class LocalDirectoryStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key escapes the storage root: ${key}`);
    return path;
  }

  private stagedPath(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw new Error(`not a staging id: ${id}`);
    return join(this.root, STAGING, `${id}${STAGED_SUFFIX}`);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    const path = this.pathOf(key);
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(path, range && { start: range.start, end: range.end });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async stage(id: string, source: AsyncIterable<Buffer>): Promise<StagedBytes> {
    const path = this.stagedPath(id);
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'wx');
    const tally = new ByteTally();
    try {
      for await (const chunk of source) {
        tally.add(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      throw err;
    }
    await handle.close();
    return tally.staged(id);
  }

  async promote(id: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(this.stagedPath(id), target);
    } catch (err) {
      // A sweep promoted it first: the bytes are where they belong.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && (await stat(target).catch(() => null))?.isFile()) return;
      throw err;
    }
    await syncDirectory(dirname(target));
  }

  async discard(id: string): Promise<void> {
    await rm(this.stagedPath(id), { force: true });
  }

  /** Nothing: a local stage is one file, removed by `discard` or by the sweep through `listStaged`. */
  async abortIncomplete(): Promise<number> {
    return 0;
  }

  async listStaged(limit: number): Promise<{ id: string; stagedAt: Date }[]> {
    const dir = join(this.root, STAGING);
    const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    const staged: { id: string; stagedAt: Date }[] = [];
    for (const name of names) {
      if (!name.endsWith(STAGED_SUFFIX)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile()) staged.push({ id: name.slice(0, -STAGED_SUFFIX.length), stagedAt: info.mtime });
    }
    return staged.sort((a, b) => a.stagedAt.getTime() - b.stagedAt.getTime()).slice(0, limit);
  }
}
