import { readFileSync } from 'node:fs';

/** This binary's version, from package.json: `svc --version` prints it and `svc backup` records it. */
export const SVC_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
