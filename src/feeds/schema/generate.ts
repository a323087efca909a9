/** Writes the published schema file from feed-schema.ts: `node --import tsx src/feeds/schema/generate.ts`. */
import { writeFileSync } from 'node:fs';
import { buildFeedSchema } from './feed-schema.js';

export const SCHEMA_FILE = new URL('./svc-feed-1.schema.json', import.meta.url);

export function schemaFileText(): string {
  return `${JSON.stringify(buildFeedSchema(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(SCHEMA_FILE, schemaFileText());
