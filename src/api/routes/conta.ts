import { historyWindow } from '../../control/usage-store.js';
import { utcDayOf } from '../../time.js';
import { authOf } from '../middleware/auth.js';
import { one, ref } from '../openapi/json-schema.js';
import { Perfil, UsoEstatisticas } from '../openapi/schemas.js';
import type { KeyLimits } from '../state.js';
import { route } from '../table/route.js';

const NO_STORE = ['Cache-Control', 'no-store'];

/**
 * Endpoints 22–23: about the calling key. Never cached: they change with every request. `inspect`: they answer
 * at quota and do not count against it.
 */
export const CONTA_ROUTES = [
  route({
    method: 'get',
    path: '/v1/me',
    summary: 'Plano, limites e consumo da chave',
    tag: 'Conta',
    recurso: 'conta',
    access: 'inspect',
    response: { schema: one(ref(Perfil)) },
    errors: [],
    async handler(ctx, _input, d) {
      const auth = authOf(ctx);
      const limits = ctx.state.limits as KeyLimits;
      const used = await d.usage.usedToday(auth.keyId);
      ctx.json(
        200,
        {
          data: {
            plano: auth.plan,
            limites: { requisicoes: limits.requisicoes, periodo: limits.periodo },
            consumo: { requisicoes_utilizadas: used, requisicoes_restantes: Math.max(0, limits.requisicoes - used) },
          },
        },
        NO_STORE,
      );
    },
  }),
  route({
    method: 'get',
    path: '/v1/perfil/estatisticas',
    summary: 'Estatísticas de uso da chave',
    tag: 'Conta',
    recurso: 'conta',
    access: 'inspect',
    response: { schema: one(ref(UsoEstatisticas)) },
    errors: [],
    async handler(ctx, _input, d) {
      const auth = authOf(ctx);
      await d.usage.flush();
      const dias = historyWindow(utcDayOf(d.clock.now()).dia);
      const [st, hist] = await Promise.all([
        d.usageStore.stats(auth.keyId),
        d.usageStore.history(auth.keyId, dias[0]!),
      ]);
      const porDia = new Map(hist.porDia.map((x) => [x.dia, x.requisicoes]));
      ctx.json(
        200,
        {
          data: {
            tempo_medio_resposta_ms:
              st.total_requisicoes === 0 ? 0 : Math.round((st.tempo_total_ms / st.total_requisicoes) * 100) / 100,
            total_requisicoes: st.total_requisicoes,
            ultimas_requisicoes: st.recentes,
            // Beyond the spec (for the control panel's charts): the last 30 UTC days, today included.
            requisicoes_por_dia: dias.map((dia) => ({ dia, requisicoes: porDia.get(dia) ?? 0 })),
            requisicoes_por_endpoint: hist.porEndpoint,
          },
        },
        NO_STORE,
      );
    },
  }),
];
