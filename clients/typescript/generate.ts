/**
 * Generates `schema.ts` (the types of every path and schema) from the API's OpenAPI document with
 * openapi-typescript. `npm run client:generate` writes it from the document `svc serve` publishes at
 * `/v1/openapi.json`; test/clients/typescript-client.test.ts regenerates it from the served document and fails
 * on any difference.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

const HEADER =
  '// Generated from /v1/openapi.json by clients/typescript/generate.ts (npm run client:generate). Do not edit.\n\n';

export async function generateSchema(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
  });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildOpenApi } = await import('../../src/api/openapi/document.js');
  writeFileSync(SCHEMA_FILE, await generateSchema(JSON.parse(JSON.stringify(buildOpenApi())) as object));
  process.stdout.write(`${SCHEMA_FILE}\n`);
}
