import type { IncomingMessage } from 'node:http';
import { ApiError, ClientAbortedError } from '../errors.js';
import type { ApiContext } from '../state.js';

/** Largest request body accepted (webhook management bodies are a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads and parses a JSON body into `ctx.state.body`: 415 unless `application/json`, 413 beyond
 * MAX_BODY_BYTES, 400 "JSON inválido" on a syntax error. An empty body is `undefined`. Run on the routes that
 * take a body, after the key check: reads never pay for it, and a client without a valid key cannot make the
 * server read a body.
 */
export async function readJsonBody(ctx: ApiContext): Promise<void> {
  const length = Number(ctx.get('content-length') || '0');
  const hasBody = length > 0 || ctx.get('transfer-encoding') !== '';
  if (!hasBody) return;
  const type = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(
      415,
      'Tipo de conteúdo não suportado',
      'Envie o corpo como JSON, com Content-Type: application/json.',
    );
  }
  if (length > MAX_BODY_BYTES) throw tooLarge();
  const text = await readBody(ctx.req);
  if (text.trim() === '') return;
  try {
    ctx.state.body = JSON.parse(text);
  } catch (err) {
    throw new ApiError(
      400,
      'JSON inválido',
      `O corpo da requisição não é um JSON válido: ${err instanceof Error ? err.message : ''}`.trim(),
    );
  }
}

function tooLarge(): ApiError {
  return new ApiError(413, 'Corpo muito grande', `O corpo da requisição excede ${MAX_BODY_BYTES} bytes.`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (req.readableAborted || req.destroyed) throw new ClientAbortedError();
    throw err;
  }
  return Buffer.concat(chunks).toString('utf8');
}
