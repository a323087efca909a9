import type { Clock } from '../../clock.js';
import { historyWindow, type UsageStore } from '../../control/usage-store.js';
import { utcDayOf } from '../../time.js';
import { authOf } from '../middleware/auth.js';
import type { Guard } from '../middleware/admission.js';
import type { ApiRouter, KeyLimits } from '../state.js';
import type { UsageMeter } from '../usage-meter.js';

/**
 * Endpoints 22–23: about the calling key. Never cached: they change with every request. `guard` is the
 * non-consuming one (app.ts): they answer at quota and do not count against it.
 */
export function registerConta(
  router: ApiRouter,
  guard: Guard,
  usage: UsageMeter,
  store: UsageStore,
  clock: Clock,
): void {
  router.get(
    '/v1/me',
    guard('conta', async (ctx) => {
      const auth = authOf(ctx);
      const limits = ctx.state.limits as KeyLimits;
      const used = await usage.usedToday(auth.keyId);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: {
          plano: auth.plan,
          limites: { requisicoes: limits.requisicoes, periodo: limits.periodo },
          consumo: { requisicoes_utilizadas: used, requisicoes_restantes: Math.max(0, limits.requisicoes - used) },
        },
      };
    }),
  );

  router.get(
    '/v1/perfil/estatisticas',
    guard('conta', async (ctx) => {
      const auth = authOf(ctx);
      await usage.flush();
      const dias = historyWindow(utcDayOf(clock.now()).dia);
      const [st, hist] = await Promise.all([store.stats(auth.keyId), store.history(auth.keyId, dias[0]!)]);
      const porDia = new Map(hist.porDia.map((d) => [d.dia, d.requisicoes]));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: {
          tempo_medio_resposta_ms:
            st.total_requisicoes === 0 ? 0 : Math.round((st.tempo_total_ms / st.total_requisicoes) * 100) / 100,
          total_requisicoes: st.total_requisicoes,
          ultimas_requisicoes: st.recentes,
          // Beyond the spec (for the control panel's charts): the last 30 UTC days, today included.
          requisicoes_por_dia: dias.map((dia) => ({ dia, requisicoes: porDia.get(dia) ?? 0 })),
          requisicoes_por_endpoint: hist.porEndpoint,
        },
      };
    }),
  );
}
