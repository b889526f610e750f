import { z } from 'zod';

/** The Firebase callable-function error statuses we use, with the HTTP status that protocol maps each to. */
export const functionErrorCodeSchema = z.enum([
  'INVALID_ARGUMENT',
  'FAILED_PRECONDITION',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'ABORTED',
  'RESOURCE_EXHAUSTED',
  'INTERNAL',
]);
export type FunctionErrorCode = z.infer<typeof functionErrorCodeSchema>;

export const httpStatusByErrorCode: Record<FunctionErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
};

/** The `error` member of a failed callable response. */
export const functionErrorBodySchema = z.object({
  status: functionErrorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type FunctionErrorBody = z.infer<typeof functionErrorBodySchema>;

type Issue = z.core.$ZodIssue;

/**
 * In a failed union, the branch that came closest (fewest problems; among as few, the one that got
 * deepest into the value: `{area: 'x'}` against null | undefined | {area} is the object's 'area: …')
 * says what is wrong.
 */
function firstConcreteIssue(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const depth = (issues: readonly Issue[]) => issues[0]?.path.length ?? 0;
    const closest = [...issue.errors].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0];
    const inner = closest?.[0];
    // a branch failing on an unknown key is no closer than the union's own message
    if (inner && closest.length === 1 && inner.code !== 'unrecognized_keys') {
      const nested = firstConcreteIssue(inner);
      return { path: [...issue.path, ...nested.path], message: nested.message };
    }
  }
  return { path: issue.path, message: issue.message };
}

/** Longest field path spelled out whole; a deeper one (a hostile body nested 100,000 levels) keeps its ends. */
const MAX_PATH_SEGMENTS = 12;

function fieldName(path: PropertyKey[]): string {
  const names = path.map(String);
  if (names.length <= MAX_PATH_SEGMENTS) return names.join('.');
  const end = MAX_PATH_SEGMENTS / 2;
  return [...names.slice(0, end), `…(${names.length - MAX_PATH_SEGMENTS} niveles)…`, ...names.slice(-end)].join('.');
}

/** Turns the first zod issue into "<field>: <message>", the one shape every validation error takes. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Datos no válidos';
  const { path, message } = firstConcreteIssue(issue);
  const field = fieldName(path);
  return field ? `${field}: ${message}` : message;
}
