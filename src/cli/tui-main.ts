/**
 * Entry point of the `svc tui` bundle (see src/cli/tui-bundle.mjs): the same program as src/cli/main.ts with
 * only the tui command, so it can run as plain JavaScript without the TypeScript loader.
 */
import { registerTui } from './commands/tui.js';
import { createProgram, runProgram } from './program.js';

await runProgram(createProgram(), [registerTui], process.argv);
