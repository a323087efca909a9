import type {
  ArtilhariaRow, CampeonatoRow, ChaveRow, ClassificacaoRow, CoberturaRow, EscalacaoJogadorRow, EscalacaoRow,
  EstatisticaRow, EventoRow, FaseRow, JogadorRow, PartidaRow, RodadaRow, SnapshotTables, TimeRow,
} from './tables.js';
import { foldText } from '../text.js';
import type { JsonObject } from '../resources/shapes.js';

/** Lookup structures over one snapshot's tables, built once when the snapshot is loaded. */
export class SnapshotIndex {
  readonly campeonatos: readonly CampeonatoRow[];
  readonly campeonato = new Map<number, CampeonatoRow>();
  readonly time = new Map<number, TimeRow>();
  readonly times: readonly (TimeRow & { busca: string })[];
  readonly jogador = new Map<number, JogadorRow>();
  readonly jogadores: readonly (JogadorRow & { busca: string })[];
  readonly jogadoresPorTime = new Map<number, JogadorRow[]>();
  readonly fase = new Map<number, FaseRow>();
  readonly fasesPorCampeonato = new Map<number, FaseRow[]>();
  readonly chavesPorFase = new Map<number, ChaveRow[]>();
  readonly rodada = new Map<number, RodadaRow>();
  readonly rodadasPorCampeonato = new Map<number, RodadaRow[]>();
  readonly rodadasPorFase = new Map<number, RodadaRow[]>();
  readonly partida = new Map<number, PartidaRow>();
  readonly partidasPorCampeonato = new Map<number, PartidaRow[]>();
  readonly partidasPorRodada = new Map<number, PartidaRow[]>();
  readonly partidasAoVivo: readonly PartidaRow[];
  readonly eventosPorPartida = new Map<number, EventoRow[]>();
  readonly escalacoesPorPartida = new Map<number, EscalacaoRow[]>();
  readonly escaladosPorPartida = new Map<number, EscalacaoJogadorRow[]>();
  readonly estatisticasPorPartida = new Map<number, EstatisticaRow[]>();
  /** Key `${campeonato_id}:${fase_id ?? ''}`. */
  readonly classificacao = new Map<string, ClassificacaoRow[]>();
  readonly artilhariaPorCampeonato = new Map<number, ArtilhariaRow[]>();
  readonly cobertura = new Map<number, CoberturaRow>();
  readonly meta = new Map<string, string>();
  /** Match, Round and Phase resources as the shared SQL views build them. */
  readonly recursoPartida: ReadonlyMap<number, JsonObject>;
  readonly recursoRodada: ReadonlyMap<number, JsonObject>;
  readonly recursoFase: ReadonlyMap<number, JsonObject>;

  constructor(t: SnapshotTables) {
    for (const r of t.snapshot_meta) this.meta.set(r.chave, r.valor);
    this.campeonatos = t.campeonatos;
    index(this.campeonato, t.campeonatos);
    index(this.time, t.times);
    this.times = t.times.map((r) => ({ ...r, busca: [r.nome, r.sigla, ...r.apelidos.split('\n')].map(foldText).join('\n') }));
    index(this.jogador, t.jogadores);
    this.jogadores = t.jogadores.map((r) => ({ ...r, busca: `${foldText(r.nome)}\n${foldText(r.nome_popular)}` }));
    for (const r of t.jogadores) if (r.time_id !== null) group(this.jogadoresPorTime, r.time_id, r);
    index(this.fase, t.fases);
    for (const r of t.fases) group(this.fasesPorCampeonato, r.campeonato_id, r);
    for (const r of t.chaves) group(this.chavesPorFase, r.fase_id, r);
    index(this.rodada, t.rodadas);
    for (const r of t.rodadas) {
      group(this.rodadasPorCampeonato, r.campeonato_id, r);
      if (r.fase_id !== null) group(this.rodadasPorFase, r.fase_id, r);
    }
    index(this.partida, t.partidas);
    for (const r of t.partidas) {
      group(this.partidasPorCampeonato, r.campeonato_id, r);
      if (r.rodada_id !== null) group(this.partidasPorRodada, r.rodada_id, r);
    }
    this.partidasAoVivo = t.partidas.filter((p) => p.status === 'ao_vivo');
    for (const r of t.eventos) group(this.eventosPorPartida, r.partida_id, r);
    for (const r of t.escalacoes) group(this.escalacoesPorPartida, r.partida_id, r);
    for (const r of t.escalacao_jogadores) group(this.escaladosPorPartida, r.partida_id, r);
    for (const r of t.estatisticas) group(this.estatisticasPorPartida, r.partida_id, r);
    for (const r of t.classificacao) group(this.classificacao, `${r.campeonato_id}:${r.fase_id ?? ''}`, r);
    for (const r of t.artilharia) group(this.artilhariaPorCampeonato, r.campeonato_id, r);
    for (const r of t.cobertura) this.cobertura.set(r.campeonato_id, r);
    const parse = (rows: readonly { id: number; json: string }[]) => new Map(rows.map((r) => [r.id, JSON.parse(r.json) as JsonObject]));
    this.recursoPartida = parse(t.recurso_partida);
    this.recursoRodada = parse(t.recurso_rodada);
    this.recursoFase = parse(t.recurso_fase);
  }
}

function index<T extends { id: number }>(map: Map<number, T>, rows: readonly T[]): void {
  for (const r of rows) map.set(r.id, r);
}

function group<K, T>(map: Map<K, T[]>, key: K, row: T): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
