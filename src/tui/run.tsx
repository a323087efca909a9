/** Opens the TUI in the current terminal and resolves when the user quits. */
import { render } from 'ink';
import type { ApiClient, ListResponse } from './api-client.js';
import type { Campeonato } from './api-types.js';
import { App } from './app.js';

/**
 * The connection check done before taking over the terminal: the first screen's own request, so a wrong URL
 * or key fails as one line in the shell and, when it works, the first frame is drawn without waiting.
 */
export function checkConnection(client: ApiClient): Promise<ListResponse<Campeonato>> {
  return client.campeonatos();
}

export async function runTui(client: ApiClient, initialCampeonatos: ListResponse<Campeonato>): Promise<void> {
  const instance = render(<App client={client} initialCampeonatos={initialCampeonatos} />);
  await instance.waitUntilExit();
}
