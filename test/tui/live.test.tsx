import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { App } from '../../src/tui/app.js';
import { ApiClient } from '../../src/tui/api-client.js';
import { LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { waitForText } from './frames.js';
import { startDemoServer, type DemoServer } from './serve.js';

// The live screen follows the event stream: feeds of the live-day sequence are ingested while it is open, and
// the new scores must appear without a key press. Its own server: these ingests change the data.

let server: DemoServer;

before(async () => {
  server = await startDemoServer();
});

after(async () => {
  await server?.stop();
});

async function ingest(file: string): Promise<void> {
  const r = await runSvcInProcess(['ingest', path.join(LIVE_DAY, file), '--data-dir', server?.dataDir ?? '']);
  assert.equal(r.code, 0, r.stderr);
}

test('the live screen picks up kick-off and a goal from the event stream, without a key press', async () => {
  const client = new ApiClient({ baseUrl: server.url, key: server.key });
  // The fallback timer is far beyond the test's waits: only the stream can bring the changes in.
  const app = render(<App client={client} liveRefreshMs={3_600_000} />);
  try {
    await waitForText(app, 'Campeonato');
    app.stdin.write('a');
    await waitForText(app, 'pelo stream de eventos');
    await ingest('02-inicio.json');
    await waitForText(app, 'Flamengo 0 x 0');
    await ingest('03-gol.json');
    const frame = await waitForText(app, 'Flamengo 1 x 0');
    assert.match(frame, /Flamengo 1 x 0\s+Palmeiras\s+AO VIVO/);
  } finally {
    app.unmount();
  }
});
