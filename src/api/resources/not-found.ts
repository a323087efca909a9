import { ApiError } from '../errors.js';

const NOT_FOUND = 'Não encontrado';

export function notFound(mensagem: string): ApiError {
  return new ApiError(404, NOT_FOUND, mensagem);
}

export const CAMPEONATO_NAO_ENCONTRADO = notFound('Campeonato não encontrado');
