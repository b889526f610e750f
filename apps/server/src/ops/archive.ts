import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The backup is one POSIX tar file, written and read by the system's `tar` (GNU tar on Debian):
 * no dependency, and anyone can open a backup with `tar -tf` to see what is inside.
 */
export async function createTar(archive: string, directory: string, members: string[]): Promise<void> {
  await run('tar', ['--create', '--format=posix', '--file', archive, '--directory', directory, '--', ...members], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Extracts `members` (everything when none are named) into `directory`. GNU tar refuses members
 * with absolute paths or `..` on its own; `--no-same-owner` keeps the files the caller's.
 */
export async function extractTar(archive: string, directory: string, members: string[] = []): Promise<void> {
  await run(
    'tar',
    [
      '--extract',
      '--no-same-owner',
      '--no-same-permissions',
      '--file',
      archive,
      '--directory',
      directory,
      '--',
      ...members,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
