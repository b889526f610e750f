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
