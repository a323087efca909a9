import { normalizePlayerName } from '../slug.js';

export interface NamedPlayer {
  timeId: number;
  nome: string;
  normalizado: string;
  fonte: string;
}

/** Player names met in events and lineups without a source id, per team, to resolve or create in bulk. */
export class NamedPlayers {
  private readonly byKey = new Map<string, NamedPlayer>();

  add(timeId: number, nome: string, fonte: string): void {
    const normalizado = normalizePlayerName(nome);
    const k = `${timeId}/${normalizado}`;
    if (!this.byKey.has(k)) this.byKey.set(k, { timeId, nome, normalizado, fonte });
  }

  teams(): number[] {
    return [...new Set([...this.byKey.values()].map((p) => p.timeId))];
  }

  list(): NamedPlayer[] {
    return [...this.byKey.values()];
  }
}
