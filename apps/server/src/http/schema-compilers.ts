import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** A compiler factory as Fastify calls it: (the shared schemas, the server's ajv or serializer options) → compiler. */
type Factory = (externalSchemas: unknown, options: unknown) => unknown;

// Fastify's own compiler packages, resolved from where fastify is installed (they are its dependencies)
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** Fastify's factory from `packageName`, required on the first call and made once per process, as Fastify makes it. */
function onFirstUse(packageName: string): Factory {
  let factory: Factory | undefined;
  return (externalSchemas, options) => {
    factory ??= (requireFromFastify(packageName) as () => Factory)();
    return factory(externalSchemas, options);
  };
}

/**
 * Fastify's default JSON-schema compilers (@fastify/ajv-compiler, @fastify/fast-json-stringify-compiler),
 * required when a route first needs one instead of when Fastify() is built: no route of ours has a
 * schema (the callable functions validate with zod), and loading Ajv cost ~80 ms and ~8 MB at every
 * start (issue 18).
 */
export const lazySchemaCompilers = {
  buildValidator: onFirstUse('@fastify/ajv-compiler'),
  buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler'),
} as unknown as CompilersFactory;
