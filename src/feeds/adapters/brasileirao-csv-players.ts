/**
 * Players of the Brasileirão CSV family, from the cards file, which alone names a player's position and
 * shirt number: one record per club and name (the names the events use, so the loader links them). The
 * position is the one most of the player's cards give (the source's `Zagueiro` covers every defender); the
 * number, the latest card's.
 */
import { slugify } from '../../slug.js';
import type { FeedJogador, Posicao, SourceId } from '../canonical.js';

const POSITIONS: Readonly<Record<string, Posicao>> = {
  Goleiro: 'goleiro',
  Zagueiro: 'zagueiro',
  Zagueira: 'zagueiro',
  Lateral: 'lateral',
  Volante: 'volante',
  'Meio-campo': 'meia',
  Atacante: 'atacante',
};
const SHIRT = /^\d{1,3}$/;

interface Seen {
  record: FeedJogador;
  positions: Map<Posicao, number>;
}

export class CardPlayers {
  private readonly byKey = new Map<string, Seen>();

  /** One card row, in file order (the file is in match order, so the last number seen is the latest). */
  add(time: SourceId, atleta: string, numero: string, posicao: string): void {
    if (atleta === '') return;
    // Keyed as the loader matches names within a team, so two spellings that differ only by accents or
    // case make one record, not two for one player.
    const key = `${String(time)}/${slugify(atleta)}`;
    let seen = this.byKey.get(key);
    if (!seen) {
      seen = { record: { id: key, time, nome: atleta, posicao: null, numero_camisa: null }, positions: new Map() };
      this.byKey.set(key, seen);
    }
    if (SHIRT.test(numero)) seen.record.numero_camisa = Number(numero);
    const p = POSITIONS[posicao];
    if (p) seen.positions.set(p, (seen.positions.get(p) ?? 0) + 1);
  }

  list(): FeedJogador[] {
    return [...this.byKey.values()].map(({ record, positions }) => {
      let best: Posicao | null = null;
      for (const [p, n] of positions) if (best === null || n > (positions.get(best) ?? 0)) best = p;
      return { ...record, posicao: best };
    });
  }
}
