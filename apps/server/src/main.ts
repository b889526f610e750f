import { buildApp } from './app';
import { configOrExit } from './config-or-exit';
import { stopOnSignals } from './http/graceful-stop';
import { applyRuntimeV8Flags } from './runtime-flags';

async function main(): Promise<void> {
  const v8Flags = applyRuntimeV8Flags();
  const config = configOrExit(process.env);
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // start-up failures (database unreachable, migration) are one readable line, not a stack
    process.stderr.write(`Cimiento no pudo iniciar: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  app.log.debug({ v8Flags }, 'V8 flags set');
  stopOnSignals({ app });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    process.stderr.write(
      `Cimiento no pudo escuchar en el puerto ${config.port}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    await app.close();
    process.exit(1);
  }
}

void main();
