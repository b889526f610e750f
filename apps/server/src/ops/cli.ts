import { configOrExit } from '../config-or-exit';
import { OpsError } from './manifest';

/**
 * The shared shape of `npm run backup` and `npm run restore`: the server's configuration (DATA_DIR,
 * DATABASE_URL), one file argument, one line saying what happened; exit 1 with a Spanish message
 * (no stack) on any refusal or failure.
 */
export async function runOpsCommand(
  command: 'backup' | 'restore',
  failure: string,
  action: (config: ReturnType<typeof configOrExit>, file: string) => Promise<string>,
): Promise<void> {
  const config = configOrExit(process.env);
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === undefined || args[0].trim() === '') {
    process.stderr.write(`Uso: npm run ${command} -- <archivo>\n`);
    process.exitCode = 1;
    return;
  }
  try {
    process.stdout.write(`${await action(config, args[0])}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof OpsError ? `${message}\n` : `${failure}: ${message}\n`);
    process.exitCode = 1;
  }
}
