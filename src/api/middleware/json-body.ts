import type { Middleware, Next, ParameterizedContext } from 'koa';
import { ApiError } from '../errors.js';
import type { ApiState } from '../state.js';

/** Largest request body accepted (webhook management bodies are a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Reads and parses JSON bodies into `ctx.state.body`: 415 unless `application/json`, 413 beyond
 * MAX_BODY_BYTES, 400 "JSON inválido" on a syntax error. An empty body is `undefined`.
 */
export function jsonBody(): Middleware<ApiState> {
  // Reads (GET) pass straight through, without the promise an async middleware would cost them.
  return (ctx, next) => (WITH_BODY.has(ctx.method) ? readJson(ctx, next) : next());
}

async function readJson(ctx: ParameterizedContext<ApiState>, next: Next): Promise<void> {
  const length = Number(ctx.get('Content-Length') || '0');
  const hasBody = length > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody) {
    if (!ctx.is('application/json')) {
      throw new ApiError(415, 'Tipo de conteúdo não suportado', 'Envie o corpo como JSON, com Content-Type: application/json.');
    }
    if (length > MAX_BODY_BYTES) throw tooLarge();
    const text = await readBody(ctx.req);
    if (text.trim() !== '') {
      try {
        ctx.state.body = JSON.parse(text);
      } catch (err) {
        throw new ApiError(400, 'JSON inválido', `O corpo da requisição não é um JSON válido: ${err instanceof Error ? err.message : ''}`.trim());
      }
    }
  }
  await next();
}

function tooLarge(): ApiError {
  return new ApiError(413, 'Corpo muito grande', `O corpo da requisição excede ${MAX_BODY_BYTES} bytes.`);
}

async function readBody(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
