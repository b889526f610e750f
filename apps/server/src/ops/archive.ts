import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { OpsError } from './manifest';

const execFileAsync = promisify(execFile);

async function run(args: string[]): Promise<void> {
  try {
    await execFileAsync('tar', args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OpsError(
        'No se encontró el programa tar. Instálalo (en Debian: apt-get install tar) y vuelve a intentarlo.',
      );
    }
    throw error;
  }
}

/**
 * The backup is one POSIX tar file, written and read by the system's `tar` (GNU tar on Debian):
 * no dependency, and anyone can open a backup with `tar -tf` to see what is inside.
 */
export async function createTar(archive: string, directory: string, members: string[]): Promise<void> {
  try {
    await run(['--create', '--format=posix', '--file', archive, '--directory', directory, '--', ...members]);
  } catch (error) {
    if (error instanceof OpsError) throw error;
    const detail = ((error as { stderr?: string }).stderr ?? '').trim() || (error as Error).message;
    throw new OpsError(`No se pudo escribir el archivo ${archive}: ${detail}`);
  }
}

/**
 * Extracts `members` (everything when none are named) into `directory`. GNU tar refuses members
 * with absolute paths or `..` on its own; `--no-same-owner` keeps the files the caller's.
 */
export async function extractTar(archive: string, directory: string, members: string[] = []): Promise<void> {
  await run([
    '--extract',
    '--no-same-owner',
    '--no-same-permissions',
    '--file',
    archive,
    '--directory',
    directory,
    '--',
    ...members,
  ]);
}
