import type { Config } from './config';
import { parseConfig } from './config';

/** For the entry points (server, seeding CLI): the configuration, or one line per bad variable and exit 1. */
export function configOrExit(env: Record<string, string | undefined>): Config {
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    process.stderr.write('Configuración no válida:\n');
    for (const error of parsed.errors) process.stderr.write(`  ${error}\n`);
    process.exit(1);
  }
  return parsed.config;
}
