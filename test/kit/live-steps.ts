import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/** The events a live step fires (a goal: the score, the goal, the match live). */
export const LIVE_STEP_EVENTS = ['partida.placar_atualizado', 'partida.gol', 'partida.ao_vivo'] as const;

/**
 * Endless live updates for the soak and the benches: step N is the live day's matches (fixtures/live-day),
 * kicked off 30 minutes before `now()` (inside the live window), with one more goal in one of them, so every
 * ingest of a step publishes new events. Each step is written as a feed file in `dir`.
 */
export class LiveSteps {
  private readonly matches: Record<string, unknown>[];
  private readonly scores: number[];
  private step = 0;

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
  ) {
    const day = JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures/live-day/02-inicio.json'), 'utf8')) as {
      partidas: Record<string, unknown>[];
    };
    this.matches = day.partidas;
    this.scores = day.partidas.map(() => 0);
  }

  /** Writes the next step's feed and returns its path. */
  next(): string {
    this.step += 1;
    const i = this.step % this.scores.length;
    this.scores[i]! += 1;
    const kickoff = new Date(this.now() - 30 * 60_000).toISOString();
    const partidas = this.matches.map((p, j) => ({
      ...p,
      status: 'ao_vivo',
      data_hora: kickoff,
      placar_mandante: this.scores[j],
    }));
    const m = this.matches[i]!;
    const eventos = Array.from({ length: this.scores[i]! }, (_, g) => ({
      id: `${String(m.id)}-passo-${g + 1}`,
      partida: m.id,
      tipo: 'gol',
      minuto: (g % 90) + 1,
      acrescimo: Math.floor(g / 90),
      time: m.mandante,
      jogador: `Jogador ${g + 1}`,
    }));
    const file = path.join(this.dir, `step-${this.step}.json`);
    writeFileSync(file, JSON.stringify({ formato: 'svc-feed/1', fonte: 'demo', partidas, eventos }));
    return file;
  }
}
