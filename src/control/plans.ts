import { readFileSync } from 'node:fs';
import { isPlano, type Plano } from '../domain/plans.js';

/** Groups of endpoints a plan may open; each route names the one it belongs to. */
export const RECURSOS = [
  'campeonatos',
  'partidas',
  'rodadas',
  'tabela',
  'artilharia',
  'chave',
  'cobertura',
  'times',
  'jogadores',
  'ao_vivo',
  'eventos',
  'escalacao',
  'estatisticas',
  'conta',
  'webhooks',
  'stream',
] as const;
export type Recurso = (typeof RECURSOS)[number];

export interface PlanConfig {
  /** Requests allowed per period (`periodo`, only `dia` — UTC day — for now). */
  requisicoes: number;
  periodo: 'dia';
  /** Token bucket: sustained requests per second, bursts up to the same number. */
  por_segundo: number;
  recursos: readonly Recurso[];
  /** false = only the championships on the account's access list. */
  todos_campeonatos: boolean;
  /** Event streams (`GET /v1/stream`) an account may hold open at once on one server. */
  streams_simultaneos: number;
}

export type PlansConfig = Readonly<Record<Plano, PlanConfig>>;

const FREE_RECURSOS: readonly Recurso[] = [
  'campeonatos',
  'partidas',
  'rodadas',
  'tabela',
  'artilharia',
  'chave',
  'cobertura',
  'times',
  'jogadores',
  'conta',
  'webhooks',
  'stream',
];

export const DEFAULT_PLANS: PlansConfig = {
  free: {
    requisicoes: 100,
    periodo: 'dia',
    por_segundo: 5,
    recursos: FREE_RECURSOS,
    todos_campeonatos: false,
    streams_simultaneos: 2,
  },
  pro: {
    requisicoes: 20_000,
    periodo: 'dia',
    por_segundo: 50,
    recursos: RECURSOS,
    todos_campeonatos: true,
    streams_simultaneos: 20,
  },
  enterprise: {
    requisicoes: 200_000,
    periodo: 'dia',
    por_segundo: 500,
    recursos: RECURSOS,
    todos_campeonatos: true,
    streams_simultaneos: 500,
  },
};

/**
 * Championships an account may read, null = all: plans with `todos_campeonatos` read everything; the
 * others read the account's access list, where null means all (`--championships all`) and [] none.
 * The API's auth and the webhook dispatcher both decide access with this one rule.
 */
export function readableChampionships(
  plan: PlanConfig,
  campeonatos: readonly number[] | null,
): readonly number[] | null {
  return plan.todos_campeonatos ? null : campeonatos;
}

export class PlansFileError extends Error {
  override name = 'PlansFileError';
}

/**
 * Reads a plans file (format in docs/api.md): an object keyed by plan, each entry overriding some fields
 * of the default; plans left out keep their defaults.
 */
export function loadPlans(file: string): PlansConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PlansFileError(`arquivo de planos ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isObject(raw)) throw new PlansFileError(`arquivo de planos ${file}: esperado um objeto {free, pro, enterprise}`);
  const result: Record<Plano, PlanConfig> = { ...DEFAULT_PLANS };
  for (const [name, value] of Object.entries(raw)) {
    if (!isPlano(name))
      throw new PlansFileError(`arquivo de planos ${file}: plano desconhecido "${name}" (use free, pro ou enterprise)`);
    if (!isObject(value)) throw new PlansFileError(`arquivo de planos ${file}: "${name}" deve ser um objeto`);
    result[name] = parsePlan(file, name, value, DEFAULT_PLANS[name]);
  }
  return result;
}

function parsePlan(file: string, name: string, v: Record<string, unknown>, base: PlanConfig): PlanConfig {
  const where = `arquivo de planos ${file}: ${name}`;
  const plan: PlanConfig = { ...base };
  for (const [key, value] of Object.entries(v)) {
    switch (key) {
      case 'requisicoes':
      case 'por_segundo':
      case 'streams_simultaneos':
        if (!Number.isInteger(value) || (value as number) < 1)
          throw new PlansFileError(`${where}.${key} deve ser um inteiro >= 1`);
        plan[key] = value as number;
        break;
      case 'periodo':
        if (value !== 'dia') throw new PlansFileError(`${where}.periodo: só "dia" é suportado`);
        break;
      case 'todos_campeonatos':
        if (typeof value !== 'boolean') throw new PlansFileError(`${where}.todos_campeonatos deve ser booleano`);
        plan.todos_campeonatos = value;
        break;
      case 'recursos':
        if (!Array.isArray(value) || !value.every((r) => (RECURSOS as readonly unknown[]).includes(r))) {
          throw new PlansFileError(`${where}.recursos deve listar valores entre: ${RECURSOS.join(', ')}`);
        }
        plan.recursos = value as Recurso[];
        break;
      default:
        throw new PlansFileError(`${where}: campo desconhecido "${key}"`);
    }
  }
  return plan;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
