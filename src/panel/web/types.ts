/** The API resources the panel reads: the typed client's, generated from `/v1/openapi.json` (clients/typescript). */
import type { components, operations, UsoEstatisticas } from '../../../clients/typescript/index.js';

export type { Entrega, Perfil, Webhook } from '../../../clients/typescript/index.js';
export type Uso = UsoEstatisticas;
export type EntregaDetalhe = components['schemas']['EntregaDetalhe'];
export type Tentativa = EntregaDetalhe['historico'][number];
export type WebhooksMeta = operations['getWebhooks']['responses'][200]['content']['application/json']['meta'];
export type EntregasMeta = operations['getWebhooksIdEntregas']['responses'][200]['content']['application/json']['meta'];
