/** The API resources the panel reads: the typed client's, generated from `/v1/openapi.json` (clients/typescript). */
import type { operations, UsoEstatisticas } from '../../../clients/typescript/index.js';

export type { Entrega, Perfil, Webhook } from '../../../clients/typescript/index.js';
export type Uso = UsoEstatisticas;
export type WebhooksMeta = operations['getWebhooks']['responses'][200]['content']['application/json']['meta'];
