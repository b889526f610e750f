import { describeZodError, httpStatusByErrorCode, textSafetySchema } from '@cimiento/domain';
import type { FunctionErrorCode } from '@cimiento/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionCache } from '../auth/session-cache';
import { noteFunctionCode } from '../http/metrics';
import type { Caller, FunctionContext } from '../core/context';
import { AnswerCache, answerBody, chosenEncoding, encode } from './answer-cache';
import type { CachedAnswer, ContentEncoding } from './answer-cache';
import type { RegisteredHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { functionAccess } from '@cimiento/domain/members';
import { checkFunctionAccess } from '../members/project-access';

export type FunctionServices = Omit<FunctionContext, 'caller' | 'log'>;

function sendError(reply: FastifyReply, code: FunctionErrorCode, message: string, details?: unknown) {
  noteFunctionCode(reply.request, code);
  return reply
    .status(httpStatusByErrorCode[code])
    .send({ error: details === undefined ? { status: code, message } : { status: code, message, details } });
}

async function resolveCaller(request: FastifyRequest, sessions: SessionCache): Promise<Caller | null> {
  const user = await sessions.user(request.headers);
  if (!user || user.banned) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    isAdmin: (user.role ?? '').split(',').includes('admin'),
  };
}

/** A body limit as the refusal names it: whole megabytes from 1 MB up (the file imports' 16 and 48 MB), else kilobytes. */
export function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 && Number.isInteger(megabytes) ? `${megabytes} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The Spanish refusal of a body Fastify could not read (too large, not JSON, not decodable), else undefined. */
function bodyProblem(error: FastifyError, bodyLimit: number): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `La solicitud supera el tamaño máximo de ${sizeText(bodyLimit)}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'La solicitud debe enviarse como JSON (Content-Type: application/json)';
    // issue 17 (F3): @fastify/compress's refusals of a body it cannot decode are the caller's fault
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return 'La solicitud usa una codificación (Content-Encoding) que el servidor no admite: envíala sin comprimir o con gzip, deflate o br';
    case 'FST_CP_ERR_INVALID_CONTENT':
      return 'No se pudo descomprimir el cuerpo de la solicitud con la codificación (Content-Encoding) que declara';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'El cuerpo de la solicitud no es JSON válido';
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.validation
        ? 'Solicitud no válida'
        : undefined;
  }
}

/**
 * How the callable functions' answers are compressed: gzip and deflate at zlib's fastest level.
 * These are JSON made anew for every call, not files compressed once: at the default level 6, gzip
 * took ~10% of the server's CPU under the mixed load of issue 18, while level 1 takes about a third
 * of that time for answers ~2% larger (a 2,001-item EDP: 35.2 KB at level 6, 35.8 KB at level 1).
 * Brotli keeps the plugin's default (quality 4). Everything else is the global registration's.
 */
export const FUNCTION_COMPRESSION = { zlibOptions: { level: 1 } } as const;

/**
 * The largest answer compressed in one go on the event loop (issue 18; a few milliseconds at most);
 * a larger one, built for one call, goes through the plugin's stream, compressed on libuv's threads.
 */
export const ONE_GO_MAX_BYTES = 1024 * 1024;

/**
 * One POST route per callable function, mounted from the contract list: the Firebase callable
 * protocol ({"data": …} in, {"result": …} or {"error": {status, message}} out). Session, then
 * what the function needs of the caller (issue 36), then payload schema, then the handler; anything unexpected becomes INTERNAL with the request id.
 */
export async function registerFunctionRoutes(
  app: FastifyInstance,
  options: {
    handlers: RegisteredHandler[];
    services: FunctionServices;
    sessions: SessionCache;
    /** the remembered answers (issue 18); a cache of its own by default */
    answers?: AnswerCache;
  },
): Promise<void> {
  const { handlers, services, sessions } = options;
  const answers = options.answers ?? new AnswerCache();

  /**
   * An answer's JSON as Fastify and the compression plugin would send it, compressed in one go
   * (issue 18: the plugin's stream pipeline cost more than the compression itself) when the
   * plugin's choice of encoding is plain to see, else left to the plugin.
   */
  const sendJson = (
    reply: FastifyReply,
    { body, encoding }: { body: Buffer; encoding: ContentEncoding | undefined },
  ): FastifyReply => {
    reply.type('application/json; charset=utf-8');
    if (encoding !== undefined) {
      const vary = reply.getHeader('vary');
      if (vary === undefined) reply.header('vary', 'accept-encoding');
      else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
      reply.header('content-encoding', encoding);
    }
    return reply.send(body);
  };
  const sendAnswer = (request: FastifyRequest, reply: FastifyReply, key: string, entry: CachedAnswer) =>
    sendJson(reply, answerBody(answers, key, entry, request.headers));
  const sendResult = (request: FastifyRequest, reply: FastifyReply, result: unknown) => {
    const json = Buffer.from(JSON.stringify({ result: result ?? null }));
    // a large answer (an export's file) is left to the plugin's stream, which compresses off the event loop
    const encoding = json.length > ONE_GO_MAX_BYTES ? undefined : chosenEncoding(json.length, request.headers);
    return sendJson(reply, { body: encoding === undefined ? json : encode(json, encoding), encoding });
  };
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        // the limit of the route that refused the body (the contract's), whatever the query string
        const problem = bodyProblem(error, request.routeOptions.bodyLimit);
        if (problem) return sendError(reply, 'INVALID_ARGUMENT', problem);
        request.log.error({ err: error }, 'callable function failed');
        return sendError(reply, 'INTERNAL', `Error interno (solicitud ${request.id})`, { requestId: request.id });
      });

      scope.setNotFoundHandler((request, reply) => {
        const name = request.url.split('?')[0]?.split('/').pop() ?? '';
        return sendError(reply, 'NOT_FOUND', `La función '${name}' no existe`);
      });

      for (const handler of handlers) {
        const { contract } = handler;
        const access = functionAccess[contract.name];
        const routeOptions = { bodyLimit: contract.bodyLimit, compress: FUNCTION_COMPRESSION };
        scope.post(`/${contract.name}`, routeOptions, async (request, reply) => {
          const caller = await resolveCaller(request, sessions);
          if (!caller) return sendError(reply, 'UNAUTHENTICATED', 'Tu sesión expiró o no has iniciado sesión');

          const body: unknown = request.body;
          if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
            return sendError(reply, 'INVALID_ARGUMENT', 'La solicitud debe ser un objeto JSON con el campo "data"');
          }
          // issue 36: what the function needs of the caller (a member's role, an administrator), before
          // the payload's schema: who may not call it learns nothing of what it takes
          try {
            await checkFunctionAccess(services.db, access, body.data, caller);
          } catch (error) {
            if (error instanceof HttpsError) return sendError(reply, error.code, error.message);
            throw error;
          }
          // issue 17 (F1): one rule for text in every payload, whatever the contract's schema
          const safe = textSafetySchema.safeParse(body.data);
          if (!safe.success) return sendError(reply, 'INVALID_ARGUMENT', describeZodError(safe.error));
          const parsed = contract.input.safeParse(body.data);
          if (!parsed.success) return sendError(reply, 'INVALID_ARGUMENT', describeZodError(parsed.error));

          try {
            const context = { ...services, caller, log: request.log };
            const { answer } = handler;
            if (answer !== undefined) {
              const now = await answer.stamp(parsed.data, context);
              const remembered = now === undefined ? undefined : answers.get(`${contract.name}\u0000${now}`);
              if (remembered !== undefined)
                return sendAnswer(request, reply, `${contract.name}\u0000${now}`, remembered);
              const built = await answer.build(parsed.data, context);
              if (built.stamp === undefined) return sendResult(request, reply, built.result);
              const json = Buffer.from(JSON.stringify({ result: built.result ?? null }));
              const key = `${contract.name}\u0000${built.stamp}`;
              return sendAnswer(request, reply, key, answers.set(key, json));
            }
            return sendResult(request, reply, await handler.handle(parsed.data, context));
          } catch (error) {
            if (error instanceof HttpsError) return sendError(reply, error.code, error.message, error.details);
            throw error;
          }
        });
      }
    },
    { prefix: '/api/functions' },
  );
}
