/** Opens the TUI in the current terminal and resolves when the user quits. */
import { render } from 'ink';
import type { ApiClient, ListResponse } from './api-client.js';
import type { Campeonato } from '../../clients/typescript/index.js';
import { App } from './app.js';

export async function runTui(client: ApiClient, initialCampeonatos: ListResponse<Campeonato>): Promise<void> {
  const instance = render(<App client={client} initialCampeonatos={initialCampeonatos} />);
  await instance.waitUntilExit();
}
