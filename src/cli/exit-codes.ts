/** Exit codes shared by every `svc` command (documented in docs/cli.md "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** Unexpected failure (a bug): one line plus the request to report it. */
  failure: 1,
  /** Wrong command-line usage (unknown option, bad option value). */
  usage: 2,
  /** Input rejected: a feed failed parsing or validation (nothing was published), or SQL `svc query` refuses. */
  invalidInput: 3,
  /** Input not reachable: missing file, unreachable or failing URL. */
  unreachable: 4,
  /** Another ingest holds the data dir lock (cron overlap). */
  locked: 5,
  /** A named thing (snapshot, key, webhook, delivery) does not exist. */
  notFound: 6,
  /** The service or data dir is not in a state that allows the command (e.g. no snapshot yet). */
  notReady: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The stable error code beside each exit code in a `--json` failure object (docs/cli.md "Exit codes"). */
export const ERROR_CODES: Record<ExitCode, string> = {
  0: 'ok',
  1: 'erro_inesperado',
  2: 'uso_invalido',
  3: 'entrada_invalida',
  4: 'entrada_inacessivel',
  5: 'ingest_em_andamento',
  6: 'nao_encontrado',
  7: 'nao_pronto',
};
