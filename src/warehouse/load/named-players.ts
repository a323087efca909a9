export interface NamedPlayer {
  timeId: number;
  nome: string;
  normalizado: string;
  fonte: string;
}

/** Player names met in events and lineups without a source id, per team, to resolve or create in bulk. */
export class NamedPlayers {
  /** time id → normalised name → the first spelling met. */
  private readonly byTeam = new Map<number, Map<string, NamedPlayer>>();
  /** In the order first met: new players get their ids in this order. */
  private readonly all: NamedPlayer[] = [];

  /** `normalizado`: the name through normalizePlayerName (warehouse/slug.ts), which decides sameness. */
  add(timeId: number, nome: string, normalizado: string, fonte: string): void {
    let team = this.byTeam.get(timeId);
    if (!team) this.byTeam.set(timeId, (team = new Map()));
    if (team.has(normalizado)) return;
    const player = { timeId, nome, normalizado, fonte };
    team.set(normalizado, player);
    this.all.push(player);
  }

  teams(): number[] {
    return [...this.byTeam.keys()];
  }

  list(): NamedPlayer[] {
    return this.all;
  }
}
