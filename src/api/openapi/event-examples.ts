import { readFileSync } from 'node:fs';
import type { EventName } from '../../domain/events.js';
import { isoWithOffset } from '../../time.js';
import type { DocsExamples } from './docs-page.js';

/** An event's body: `{evento, gerado_em, dados}`. */
export interface EventPayload {
  evento: EventName;
  gerado_em: string;
  dados: unknown;
}

let examples: Map<string, EventPayload> | undefined;

/**
 * The body of each event as the docs show it: the `GET /v1/stream` example in examples.json, which
 * `npm run docs:examples` records from the live-day fixtures through the real payload builders. One copy, so the
 * OpenAPI `webhooks` examples, the docs page, a trigger and a test delivery never show a payload a real ingest
 * would not.
 */
export function examplePayload(evento: EventName): EventPayload {
  examples ??= parseStream(
    (JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as DocsExamples)['GET /v1/stream']
      ?.response?.text ?? '',
  );
  const payload = examples.get(evento);
  if (payload === undefined) throw new Error(`examples.json has no example of ${evento}: run npm run docs:examples`);
  return payload;
}

/** A delivery body of `evento` with its example `dados`, generated at `now`. */
export function exampleBody(evento: EventName, now: number): string {
  return JSON.stringify({ evento, gerado_em: isoWithOffset(now), dados: examplePayload(evento).dados });
}

/** `event:` / `data:` frames of an event-stream text → each event's payload. */
function parseStream(text: string): Map<string, EventPayload> {
  const out = new Map<string, EventPayload>();
  for (const frame of text.split('\n\n')) {
    const data = frame.split('\n').find((l) => l.startsWith('data: '));
    if (!data) continue;
    const payload = JSON.parse(data.slice('data: '.length)) as EventPayload;
    out.set(payload.evento, payload);
  }
  return out;
}
