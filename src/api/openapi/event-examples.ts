import { readFileSync } from 'node:fs';
import type { EventName } from '../../domain/events.js';
import { isoWithOffset } from '../../time.js';
import type { DocsExamples } from './docs-page.js';

let examples: Map<string, ExamplePayload> | undefined;

/** An event's body as the docs show it: `{evento, gerado_em, dados}`. */
export interface ExamplePayload {
  evento: string;
  gerado_em: string;
  dados: unknown;
}

/**
 * An event's body as the docs show it: the `GET /v1/stream` example in examples.json, which `npm run docs:examples`
 * records from the live-day fixtures through the real payload builders. One copy, so a trigger, a test delivery
 * or the panel's event catalogue never shows a payload the docs (and a real ingest) would not.
 */
export function examplePayload(evento: EventName): ExamplePayload {
  examples ??= parseStream(
    (JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as DocsExamples)['GET /v1/stream']
      ?.response?.text ?? '',
  );
  const payload = examples.get(evento);
  if (payload === undefined) throw new Error(`examples.json has no example of ${evento}: run npm run docs:examples`);
  return payload;
}

/** The `dados` of an event's example. */
export const exampleData = (evento: EventName): unknown => examplePayload(evento).dados;

/** A delivery body of `evento` with its example `dados`, generated at `now`. */
export function exampleBody(evento: EventName, now: number): string {
  return JSON.stringify({ evento, gerado_em: isoWithOffset(now), dados: exampleData(evento) });
}

/** `event:` / `data:` frames of an event-stream text → each event's payload. */
function parseStream(text: string): Map<string, ExamplePayload> {
  const out = new Map<string, ExamplePayload>();
  for (const frame of text.split('\n\n')) {
    const data = frame.split('\n').find((l) => l.startsWith('data: '));
    if (!data) continue;
    const payload = JSON.parse(data.slice('data: '.length)) as ExamplePayload;
    out.set(payload.evento, payload);
  }
  return out;
}
