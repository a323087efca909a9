import type { GlobalPart } from '../snapshot/global-part.js';
import type { Partition } from '../snapshot/partition.js';
import type { CampeonatoRow, FaseRow, JogadorRow, PartidaRow, RodadaRow, TimeRow } from '../snapshot/tables.js';
import type {
  Campeonato,
  Chave,
  Fase,
  Jogador,
  Partida,
  PartidaDaRodada,
  Rodada,
  RodadaAvulsa,
  Time,
  TimeResumo,
} from '../openapi/schemas.js';

/**
 * JSON shapes of the spec's resources, built from one snapshot's data, of the types their schemas describe
 * (openapi/schemas.ts). Field order follows the spec.
 */

const POSICOES: Readonly<Record<string, { nome: string; sigla: string }>> = {
  goleiro: { nome: 'Goleiro', sigla: 'GOL' },
  zagueiro: { nome: 'Zagueiro', sigla: 'ZAG' },
  lateral: { nome: 'Lateral', sigla: 'LAT' },
  volante: { nome: 'Volante', sigla: 'VOL' },
  meia: { nome: 'Meia', sigla: 'MEI' },
  atacante: { nome: 'Atacante', sigla: 'ATA' },
};
/** Order of the team squad list ("by position then name"): goal to attack, unknown last. */
export const POSICAO_ORDEM: readonly string[] = Object.keys(POSICOES);

export function timeResumo(t: TimeRow): TimeResumo {
  return { id: t.id, nome: t.nome, sigla: t.sigla };
}

export function time(t: TimeRow): Time {
  return { id: t.id, nome: t.nome, sigla: t.sigla, escudo_url: t.escudo_url };
}

export function campeonato(c: CampeonatoRow): Campeonato {
  return {
    id: c.id,
    nome: c.nome,
    nome_popular: c.nome_popular,
    slug: c.slug,
    temporada: c.temporada,
    tipo: c.tipo,
    status: c.status,
    regiao: c.regiao,
    logo_url: c.logo_url,
    rodada_atual: c.rodada_atual === null ? null : { numero: c.rodada_atual },
  };
}

function withoutFase(m: Partida): PartidaDaRodada {
  const { fase: _omit, ...rest } = m;
  return rest;
}

/**
 * The resources that combine the global part (teams) with one championship's partition (matches, rounds,
 * phases), or the global part alone when `part` is absent.
 */
export class Shapes {
  constructor(
    private readonly g: GlobalPart,
    private readonly part?: Partition,
  ) {}

  private get p(): Partition {
    if (!this.part) throw new Error('recurso de campeonato sem partição');
    return this.part;
  }

  teamOf(id: number | null): Time | null {
    const t = id === null ? undefined : this.g.teams.byId.get(id);
    return t ? time(t) : null;
  }

  teamSummaryOf(id: number): TimeResumo | null {
    const t = this.g.teams.byId.get(id);
    return t ? timeResumo(t) : null;
  }

  /** The Match resource, `fase` included (object or null). */
  match(p: PartidaRow): Partida {
    // Every match of the partition has its resource; `{}` stands for a missing one, as it always did.
    return this.p.recursoPartida.get(p.id) ?? ({} as Partida);
  }

  /**
   * The Round resource. Its matches carry no `fase` key when the round is asked for alone (spec endpoint 5,
   * `semFase`); in the list of every round (endpoint 4) they are whole Match resources, `fase` included.
   */
  round(r: RodadaRow): Rodada;
  round(r: RodadaRow, semFase: true): RodadaAvulsa;
  round(r: RodadaRow, semFase = false): Rodada | RodadaAvulsa {
    // Every round of the partition has its resource; `{}` stands for a missing one, as it always did.
    const view = this.p.recursoRodada.get(r.id) ?? ({} as Omit<Rodada, 'partidas'>);
    const matches = this.p.partidasPorRodada.get(r.id) ?? [];
    return semFase
      ? { ...view, partidas: matches.map((p) => withoutFase(this.match(p))) }
      : { ...view, partidas: matches.map((p) => this.match(p)) };
  }

  /** Bracket ties of a phase, each with both legs (a single-match tie has `partida_volta` null). */
  chaves(faseId: number): Chave[] {
    return (this.p.chavesPorFase.get(faseId) ?? []).map((c) => ({
      id: c.id,
      nome: c.nome,
      slug: c.slug,
      partida_ida: this.matchById(c.partida_ida_id),
      partida_volta: this.matchById(c.partida_volta_id),
    }));
  }

  private matchById(id: number | null): Partida | null {
    return id === null ? null : (this.p.recursoPartida.get(id) ?? null);
  }

  /** The Phase resource; `detalhe` fills `chaves` (knockout) or `rodadas` (points-based). */
  phase(f: FaseRow, detalhe: boolean): Fase {
    // Every phase of the partition has its resource; `{}` stands for a missing one, as it always did.
    const view = this.p.recursoFase.get(f.id) ?? ({} as Fase);
    if (!detalhe) return view;
    const knockout = f.tipo === 'mata-mata';
    return {
      ...view,
      chaves: knockout ? this.chaves(f.id) : [],
      rodadas: knockout ? [] : (this.p.rodadasPorFase.get(f.id) ?? []).map((r) => this.round(r)),
    };
  }

  /**
   * The Player resource; `gols` and `timeId` default to the person's own (the scorers list passes its own).
   * `clubes` (an extension, docs/api.md): every club of the career, first club first.
   */
  player(j: JogadorRow, gols = j.gols, timeId = j.time_id): Jogador {
    return {
      id: j.id,
      nome_popular: j.nome_popular,
      nome: j.nome,
      idade: j.idade,
      posicao: j.posicao === null ? null : (POSICOES[j.posicao] ?? null),
      numero_camisa: j.numero_camisa,
      gols,
      time: this.teamOf(timeId),
      clubes: j.clubes.flatMap((t) => this.teamOf(t) ?? []),
    };
  }
}
