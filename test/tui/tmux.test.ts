import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { startDemoServer, type DemoServer } from './serve.js';
import { waitFor } from '../kit/wait.js';

// `svc tui` in a real 80×24 terminal: tmux runs it, keys go in with send-keys, the screen comes back with
// capture-pane. A private tmux socket keeps the test away from anyone's sessions.

const TMUX = '/usr/bin/tmux';
const SOCKET = `svc-tui-test-${process.pid}`;
const run = promisify(execFile);
let server: DemoServer | undefined;
let skip: string | undefined;

const tmux = (...args: string[]) => run(TMUX, ['-L', SOCKET, ...args]);
const screen = async () => (await tmux('capture-pane', '-p', '-t', 'tui')).stdout;
const keys = (...names: string[]) => tmux('send-keys', '-t', 'tui', ...names);

/** Polls the pane until `text` is on it; the deadline only bounds a hang. */
async function waitForScreen(text: string): Promise<string> {
  let shown = '';
  await waitFor(
    async () => (shown = await screen()).includes(text),
    () => `${JSON.stringify(text)}; screen:\n${shown}`,
    20_000,
  );
  return shown;
}

before(async () => {
  if (!existsSync(TMUX)) {
    skip = `${TMUX} is not installed`;
  } else {
    server = await startDemoServer();
  }
  if (skip) console.log(`# skipping the tmux test: ${skip}`);
});

after(async () => {
  await tmux('kill-server').catch(() => undefined);
  await server?.stop();
});

test('in an 80×24 tmux pane: open the Série A, a match of the current round, its statistics; q quits with 0', async (t) => {
  if (skip || !server) return t.skip(skip);
  // CI=true in the pane: Ink must still draw every frame on a real terminal (it is what a CI job exports).
  const command = `${process.execPath} ${SVC_BIN} tui --api ${server.url}; echo "exit=$?"; sleep 30`;
  await tmux(
    'new-session',
    '-d',
    '-s',
    'tui',
    '-x',
    '80',
    '-y',
    '24',
    '-c',
    REPO_ROOT,
    '-e',
    `SVC_API_KEY=${server.key}`,
    '-e',
    'CI=true',
    command,
  );

  const first = await waitForScreen('Brasileirão');
  const lines = first.split('\n');
  assert.match(lines[0] ?? '', /^ svc · Campeonatos/, 'the header is on the first row: the frame fits 24 rows');
  assert.ok(
    lines.every((l) => [...l].length <= 80),
    'no row is wider than 80 columns',
  );
  assert.match(first, /^› Brasileirão\s+2026\s+pontos-corridos/m);

  await keys('Enter');
  await waitForScreen('Classificação');
  await keys('Tab');
  const round = await waitForScreen('ª Rodada');
  const selected = round.split('\n').find((l) => l.startsWith('› ')) ?? '';
  const teams = /\d\d:\d\d\s+(.+?)\s+(\d+|–) x (\d+|–)\s+(.+?)\s{2,}/.exec(selected);
  assert.ok(teams, `a match row is selected: ${selected}`);
  const [, home, scoreHome, scoreAway, away] = teams;

  await keys('Enter');
  const match = await waitForScreen('Eventos');
  assert.ok(match.includes(`${home} ${scoreHome} x ${scoreAway} ${away}`), `match header:\n${match}`);
  await keys('3');
  const stats = await waitForScreen('Finalizações total');
  assert.match(stats, /^\s*—\s+Posse bola\s+—\s*$/m);

  await keys('Escape');
  await waitForScreen('ª Rodada');
  await keys('q');
  await waitForScreen('exit=0');
});
