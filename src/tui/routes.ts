/** The screens of the TUI and what each needs to open; the app keeps them on a stack (Esc pops). */
import type { Campeonato, Jogador, Partida, PartidaDaRodada, Time } from '../../clients/typescript/index.js';

/** A match as the lists carry it: a round's matches have no `fase`, the other lists' have. */
export type MatchRef = PartidaDaRodada & Partial<Pick<Partida, 'fase'>>;

export type RouteTarget =
  | { screen: 'campeonatos' }
  | { screen: 'campeonato'; campeonato: Campeonato }
  | { screen: 'partida'; partida: MatchRef }
  | { screen: 'ao-vivo' }
  | { screen: 'busca' }
  | { screen: 'time'; time: Pick<Time, 'id' | 'nome'> }
  | { screen: 'jogador'; jogador: Pick<Jogador, 'id' | 'nome_popular'> };

/** A visit to a screen: its target plus what the screen remembers (cursor, tab, loaded data). */
export type Route = RouteTarget & { memo: Map<string, unknown> };

export function route(target: RouteTarget): Route {
  return { ...target, memo: new Map() };
}

export function routeTitle(target: RouteTarget): string {
  switch (target.screen) {
    case 'campeonatos':
      return 'Campeonatos';
    case 'campeonato':
      return `${target.campeonato.nome_popular || target.campeonato.nome} ${target.campeonato.temporada}`;
    case 'partida':
      return `${target.partida.time_mandante.sigla} x ${target.partida.time_visitante.sigla}`;
    case 'ao-vivo':
      return 'Ao vivo';
    case 'busca':
      return 'Busca';
    case 'time':
      return target.time.nome;
    case 'jogador':
      return target.jogador.nome_popular;
  }
}
