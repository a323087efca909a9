import type { FeedPartida } from '../../src/feeds/canonical.js';

/**
 * Série A 2019, round 1, São Paulo 2x0 Botafogo, as both openfootball adapters must produce it: the json and
 * the txt of one season name the same match (same source id), so loading both never duplicates it.
 */
export const SAO_PAULO_BOTAFOGO_2019: FeedPartida = {
  id: 'campeonato-brasileiro-serie-a/2019/sao paulo/botafogo',
  campeonato: 'campeonato-brasileiro-serie-a/2019',
  rodada: 'campeonato-brasileiro-serie-a/2019/rodada-1',
  mandante: 'São Paulo FC',
  visitante: 'Botafogo RJ',
  status: 'encerrado',
  placar_mandante: 2,
  placar_visitante: 0,
  prorrogacao: false,
  penalti: null,
  data_hora: '2019-04-27T16:00:00-03:00',
};
