import type { z } from 'zod';

export type FunctionContract<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> = {
  name: Name;
  input: Input;
  output: Output;
  /** Largest accepted request body in bytes (the JSON text, before parsing). */
  bodyLimit: number;
};

const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function defineFunction<Name extends string, Input extends z.ZodType, Output extends z.ZodType>(options: {
  name: Name;
  input: Input;
  output: Output;
  bodyLimit?: number;
}): FunctionContract<Name, Input, Output> {
  return { ...options, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT };
}
