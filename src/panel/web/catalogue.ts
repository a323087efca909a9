import { useEffect, useState } from 'react';
import { api } from './api.js';

/** What the panel says about an event: the docs' one-line description and example body. */
export interface EventInfo {
  descricao: string;
  exemplo: unknown;
}

interface OpenApiWebhooks {
  webhooks: Record<
    string,
    { post: { summary: string; requestBody: { content: { 'application/json': { example: unknown } } } } }
  >;
}

let catalogue: Promise<Record<string, EventInfo>> | undefined;

/**
 * The event catalogue as `/v1/openapi.json` documents it (its `webhooks`): the one source of descriptions and
 * example payloads, the same /docs shows and a test send carries. Read once per page load.
 */
function loadCatalogue(): Promise<Record<string, EventInfo>> {
  catalogue ??= api<OpenApiWebhooks>('GET', '/v1/openapi.json').then((doc) =>
    Object.fromEntries(
      Object.entries(doc.webhooks).map(([evento, { post }]) => [
        evento,
        { descricao: post.summary, exemplo: post.requestBody.content['application/json'].example },
      ]),
    ),
  );
  // A failed read is tried again by the next screen that asks, not remembered.
  catalogue.catch(() => {
    catalogue = undefined;
  });
  return catalogue;
}

/** The catalogue, or null until it has loaded (screens show the event names alone meanwhile). */
export function useEventCatalogue(): Record<string, EventInfo> | null {
  const [info, setInfo] = useState<Record<string, EventInfo> | null>(null);
  useEffect(() => {
    let live = true;
    loadCatalogue().then(
      (c) => live && setInfo(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}
