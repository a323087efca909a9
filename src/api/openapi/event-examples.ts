import { readFileSync } from 'node:fs';
import type { EventName } from '../../domain/events.js';
import { isoWithOffset } from '../../time.js';
import type { DocsExamples } from './docs-page.js';

let examples: Map<string, unknown> | undefined;

/**
 * The `dados` of each event as the docs show them: the `GET /v1/stream` example in examples.json, which
 * `npm run docs:examples` records from the live-day fixtures through the real payload builders. One copy, so a
 * trigger or a test delivery never shows a payload the docs (and a real ingest) would not.
 */
export function exampleData(evento: EventName): unknown {
  examples ??= parseStream(
    (JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as DocsExamples)['GET /v1/stream']
      ?.response?.text ?? '',
  );
  const dados = examples.get(evento);
  if (dados === undefined) throw new Error(`examples.json has no example of ${evento}: run npm run docs:examples`);
  return dados;
}

/** A delivery body of `evento` with its example `dados`, generated at `now`. */
export function exampleBody(evento: EventName, now: number): string {
  return JSON.stringify({ evento, gerado_em: isoWithOffset(now), dados: exampleData(evento) });
}

/** `event:` / `data:` frames of an event-stream text → the `dados` of each event's payload. */
function parseStream(text: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const frame of text.split('\n\n')) {
    const data = frame.split('\n').find((l) => l.startsWith('data: '));
    if (!data) continue;
    const payload = JSON.parse(data.slice('data: '.length)) as { evento: string; dados: unknown };
    out.set(payload.evento, payload.dados);
  }
  return out;
}
