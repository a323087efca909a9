/** Exit codes shared by every `svc` command (documented in README "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** Unexpected failure (a bug): one line plus the request to report it. */
  failure: 1,
  /** Wrong command-line usage (unknown option, bad option value). */
  usage: 2,
  /** Input rejected: a feed failed parsing or validation; nothing was published. */
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
