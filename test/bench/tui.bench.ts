/**
 * `svc tui` against a local `svc serve` over the demo data, in a real pseudo-terminal (`script`):
 * - launch: process start to the championship list on screen, against a bare `node` process doing one raw
 *   GET of the same list (the floor any client pays);
 * - screen change: Enter on a championship to its standings on screen (request included), against a raw GET
 *   of the same standings from an already running process.
 * Targets are judged on every launch and every screen change, not on the median.
 * Fairness: the launch baseline starts the same way (a node process under `script`, a pseudo-terminal) and
 * pays process start-up once, as svc tui does; the screen-change baseline is one request from a warm process.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { BenchFigure } from './run.js';
import { REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { startDemoServer, stopProcess } from '../tui/serve.js';
import { median } from './stats.js';

export const title = 'svc tui: launch to the championship list, screen change after Enter';

const LAUNCHES = 5;
const SCREEN_CHANGES = 15;

export async function run(): Promise<BenchFigure[]> {
  const server = await startDemoServer();
  try {
    const headers = { authorization: `Bearer ${server.key}` };
    const list = (await (await fetch(`${server.url}/v1/campeonatos`, { headers })).json()) as {
      data: { id: number; nome_popular: string }[];
    };
    const first = list.data[0];
    if (!first) throw new Error('the demo has no championship');
    const tabela = (await (await fetch(`${server.url}/v1/campeonatos/${first.id}/tabela`, { headers })).json()) as {
      data: { classificacao: { time: { nome: string } }[] };
    };
    const leader = tabela.data.classificacao[0]?.time.nome ?? '';

    const bare: number[] = [];
    for (let i = 0; i < LAUNCHES; i++) bare.push(await bareGet(`${server.url}/v1/campeonatos`, server.key));

    const launches: number[] = [];
    const changes: number[] = [];
    for (let i = 0; i < LAUNCHES; i++) {
      const session = await Terminal.open(server.url, server.key);
      launches.push(await session.until(first.nome_popular));
      if (i === 0) {
        for (let j = 0; j < SCREEN_CHANGES; j++) {
          changes.push(await session.press('\r', `1   ${leader}`));
          await session.press('\x1b', 'Filtros');
        }
      }
      await session.quit();
    }

    const rawGets: number[] = [];
    for (let i = 0; i < SCREEN_CHANGES; i++) {
      const start = performance.now();
      await (await fetch(`${server.url}/v1/campeonatos/${first.id}/tabela`, { headers })).text();
      rawGets.push(performance.now() - start);
    }

    const metIn = (xs: number[], limit: number) =>
      `met in ${xs.filter((x) => x <= limit).length} of ${xs.length}; max ${Math.max(...xs).toFixed(0)} ms`;
    return [
      {
        name: `launch to first championship list (median of ${LAUNCHES}; ${metIn(launches, 700)})`,
        value: median(launches),
        unit: 'ms',
        baseline: { name: 'bare node process under script + one raw GET /v1/campeonatos', value: median(bare) },
        target: '≤ 700 ms, every launch',
        met: launches.every((x) => x <= 700),
      },
      {
        name: `screen change after Enter, standings on screen (median of ${SCREEN_CHANGES}; ${metIn(changes, 150)})`,
        value: median(changes),
        unit: 'ms',
        baseline: { name: 'raw GET of the same standings', value: median(rawGets) },
        target: '≤ 150 ms, every change',
        met: changes.every((x) => x <= 150),
      },
    ];
  } finally {
    await server.stop();
  }
}

/** `svc tui` under `script`, which gives it a pseudo-terminal; output is searched as it streams. */
class Terminal {
  private output = '';
  private waiter: { text: string; from: number; resolve: () => void } | undefined;

  private constructor(
    private readonly child: ReturnType<typeof spawn>,
    private readonly started: number,
  ) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.output += chunk;
      if (this.waiter && this.output.indexOf(this.waiter.text, this.waiter.from) >= 0) this.waiter.resolve();
    });
  }

  static async open(api: string, key: string): Promise<Terminal> {
    const started = performance.now();
    const child = spawn(
      'script',
      ['-qfec', `stty cols 80 rows 24; ${process.execPath} ${SVC_BIN} tui --api ${api}`, '/dev/null'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, SVC_API_KEY: key },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    return new Terminal(child, started);
  }

  /** Milliseconds from launch until `text` is on screen. */
  async until(text: string): Promise<number> {
    await this.wait(text, 0);
    return performance.now() - this.started;
  }

  /** Milliseconds from a key press until `text` is drawn after it. */
  async press(key: string, text: string): Promise<number> {
    const from = this.output.length;
    const start = performance.now();
    this.child.stdin?.write(key);
    await this.wait(text, from);
    return performance.now() - start;
  }

  /** `q`, as a user quits; a signal only if the app did not exit. */
  async quit(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.write('q');
    const timer = setTimeout(() => void stopProcess(this.child), 10_000);
    await exited;
    clearTimeout(timer);
  }

  private wait(text: string, from: number): Promise<void> {
    if (this.output.indexOf(text, from) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${JSON.stringify(text)} on screen`)), 30_000);
      this.waiter = {
        text,
        from,
        resolve: () => {
          clearTimeout(timer);
          this.waiter = undefined;
          resolve();
        },
      };
    });
  }
}

/** A bare `node` process under `script`, as svc tui runs, that fetches the list once: start + one request. */
function bareGet(url: string, key: string): Promise<number> {
  const start = performance.now();
  const code = "fetch(process.env.U,{headers:{authorization:'Bearer '+process.env.K}}).then(r=>r.text())";
  const child = spawn('script', ['-qfec', `${process.execPath} -e "${code}"`, '/dev/null'], {
    env: { ...process.env, U: url, K: key },
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - start));
  });
}
