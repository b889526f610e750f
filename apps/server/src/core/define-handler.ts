import type { AnyFunctionContract, ContractByName, FunctionName } from '@cimiento/domain';
import type { z } from 'zod';
import type { FunctionContext } from './context';

export type FunctionHandler<N extends FunctionName> = (
  input: z.output<ContractByName<N>['input']>,
  context: FunctionContext,
) => Promise<z.input<ContractByName<N>['output']>>;

/**
 * A read whose answer the functions' routes may remember (answer-cache.ts, issue 18). `stamp` reads
 * from the database, on every call, a text that names what the answer would be built from now
 * (undefined: nothing to compare, build it); `build` builds the answer and names the stamp of what
 * it was built from, in the same read (undefined: not to be remembered, e.g. the load wrote). Every
 * writer of that data must move the stamp on.
 */
export type AnswerStamps = {
  stamp: (input: unknown, context: FunctionContext) => Promise<string | undefined>;
  build: (input: unknown, context: FunctionContext) => Promise<{ result: unknown; stamp: string | undefined }>;
};

export type RegisteredHandler = {
  contract: AnyFunctionContract;
  handle: (input: unknown, context: FunctionContext) => Promise<unknown>;
  /** present when the answer may be remembered */
  answer?: AnswerStamps;
};

/** Pairs a contract with its handler; the types make the handler take the contract's input and return its output. */
export function defineHandler<N extends FunctionName>(
  contract: ContractByName<N>,
  handle: FunctionHandler<N>,
): RegisteredHandler {
  return { contract, handle: handle as RegisteredHandler['handle'] };
}

/** A handler whose answer may be remembered at a stamp (AnswerStamps); `handle` is `build`'s answer. */
export function defineStampedHandler<N extends FunctionName>(
  contract: ContractByName<N>,
  answer: {
    stamp: (input: z.output<ContractByName<N>['input']>, context: FunctionContext) => Promise<string | undefined>;
    build: (
      input: z.output<ContractByName<N>['input']>,
      context: FunctionContext,
    ) => Promise<{ result: z.input<ContractByName<N>['output']>; stamp: string | undefined }>;
  },
): RegisteredHandler {
  const stamps = answer as AnswerStamps;
  return {
    contract,
    handle: async (input, context) => (await stamps.build(input, context)).result,
    answer: stamps,
  };
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
  options: { stamped?: boolean } = {},
): LazyHandler {
  let loading: Promise<RegisteredHandler> | undefined;
  const load = () =>
    (loading ??= importHandler().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const lazy: LazyHandler = { contract, load, handle: async (input, context) => (await load()).handle(input, context) };
  // `stamped`: the module's handler remembers its answers (defineStampedHandler)
  if (options.stamped === true) {
    const stampsOf = async (): Promise<AnswerStamps> => {
      const { answer } = await load();
      if (answer === undefined) throw new Error(`${contract.name}: the handler has no stamps`);
      return answer;
    };
    lazy.answer = {
      stamp: async (input, context) => (await stampsOf()).stamp(input, context),
      build: async (input, context) => (await stampsOf()).build(input, context),
    };
  }
  return lazy;
}
