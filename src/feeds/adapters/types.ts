import type { Feed, TipoCampeonato } from '../canonical.js';

export type FormatName = 'svc-feed' | 'svc-feed-ndjson' | 'openfootball-json' | 'openfootball-txt' | 'brasileirao-csv';

/** One input, read whole: a file, a file found in a folder, or a fetched URL. */
export interface InputFile {
  /** As the user named it (path or URL): used in every error message. */
  name: string;
  content: Buffer;
}

/** Overrides for what a source file does not say (or says differently). */
export interface AdapterOptions {
  campeonato?: {
    nome?: string;
    nome_popular?: string;
    temporada?: string;
    tipo?: TipoCampeonato;
    regiao?: string;
    slug?: string;
  };
}

export interface Adapter {
  readonly format: FormatName;
  /** Whether this adapter can read the file (by name and content sniffing). */
  detect(file: InputFile): boolean;
  /**
   * Reads one group of inputs (most formats: one file; the Brasileirão CSV family: its four files) into
   * canonical feeds. Throws FeedRejectedError with file, line and reason on bad input.
   */
  read(files: readonly InputFile[], options: AdapterOptions): Feed[];
}
