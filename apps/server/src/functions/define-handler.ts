import type { AnyFunctionContract, ContractByName, FunctionName } from '@cimiento/domain';
import type { z } from 'zod';
import type { FunctionContext } from './context';

export type FunctionHandler<N extends FunctionName> = (
  input: z.output<ContractByName<N>['input']>,
  context: FunctionContext,
) => Promise<z.input<ContractByName<N>['output']>>;

export type RegisteredHandler = {
  contract: AnyFunctionContract;
  handle: (input: unknown, context: FunctionContext) => Promise<unknown>;
};

/** Pairs a contract with its handler; the types make the handler take the contract's input and return its output. */
export function defineHandler<N extends FunctionName>(
  contract: ContractByName<N>,
  handle: FunctionHandler<N>,
): RegisteredHandler {
  return { contract, handle: handle as RegisteredHandler['handle'] };
}

/** A handler whose module is imported on its first call; `load` imports it now (tests check it is the contract's). */
export type LazyHandler = RegisteredHandler & { load: () => Promise<RegisteredHandler> };

/**
 * A handler whose module is imported on its first call, not at start: the functions that need
 * exceljs, pdfkit, the MSPDI XML parser or Chile's holiday data (date-holidays) keep them out of the
 * server's start-up time and idle memory (issue 18). `importHandler` is a dynamic import of the
 * handler's module, which esbuild makes a chunk of its own (build.mjs: splitting). A failed import
 * is tried again on the next call.
 */
export function lazyHandler(
  contract: AnyFunctionContract,
  importHandler: () => Promise<RegisteredHandler>,
): LazyHandler {
  let loading: Promise<RegisteredHandler> | undefined;
  const load = () =>
    (loading ??= importHandler().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { contract, load, handle: async (input, context) => (await load()).handle(input, context) };
}
