import { Option, type Command } from 'commander';
import { createServer } from 'node:net';
import { loadPlans, PlansFileError, type PlansConfig } from '../../control/plans.js';
import { startServer, type RunningServer, type ServerOptions } from '../../api/server.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { dataDirFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { allowPrivateUrls, allowPrivateUrlsOption } from '../options.js';

export interface ServeOptions extends CommonOptions {
  port: string;
  host?: string;
  plans?: string;
  allowPrivateUrls?: boolean;
  webhooks?: boolean;
}

export function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new CliError(`--port inválida: "${text}" (use 0 a 65535)`, EXIT.usage);
  return port;
}

export function plansFrom(file: string | undefined): PlansConfig | undefined {
  if (file === undefined) return undefined;
  try {
    return loadPlans(file);
  } catch (err) {
    if (err instanceof PlansFileError) throw new CliError(err.message, EXIT.usage);
    throw err;
  }
}

/** A port that cannot be bound is the machine's state, not a bug: one line, exit code 7. */
function portError(err: unknown, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new CliError(`a porta ${port} já está em uso; escolha outra com --port ou PORT`, EXIT.notReady);
  if (code === 'EACCES') return new CliError(`sem permissão para usar a porta ${port}`, EXIT.notReady);
  return err;
}

/** Fails at once when the port cannot be bound (for `demo`, which loads data before it serves). */
export async function checkPortFree(port: number, host: string | undefined): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host }, resolve);
    });
  } catch (err) {
    throw portError(err, port);
  }
  await new Promise((resolve) => probe.close(resolve));
}

/** `--port`: the flag, else the PORT variable (as hosting platforms set it), else 8080. */
export function portOption(): Option {
  return new Option('--port <port>', 'porta TCP (0 = qualquer porta livre)').env('PORT').default('8080');
}

/** Listens, prints where, and shuts down gracefully on SIGTERM/SIGINT. Shared by `serve` and `demo`. */
export async function serveUntilSignal(o: ServerOptions, json: boolean, withWebhooks = false): Promise<void> {
  // Handlers go in before anything is printed: a supervisor may signal as soon as it sees the line.
  let signalled: NodeJS.Signals | null = null;
  let onSignal: () => void = () => {};
  const handler = (signal: NodeJS.Signals) => {
    if (signalled) return; // a repeated signal during the drain must not fall back to the default (kill)
    signalled = signal;
    onSignal();
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  let running: RunningServer;
  try {
    running = await startServer(o);
  } catch (err) {
    throw portError(err, o.port);
  }
  // The in-process dispatcher is the same one `svc webhooks run` runs; loaded only when asked for.
  const dispatcher = withWebhooks
    ? await (await import('../../webhooks/dispatcher.js')).startDispatcher({
        dataDir: o.dataDir,
        allowPrivateUrls: o.allowPrivateUrls === true,
        plans: o.plans,
      })
    : null;
  const snapshot = running.api.holder.current?.id ?? null;
  const line = { event: 'ouvindo', url: running.url, snapshot, data_dir: o.dataDir.root };
  if (json) process.stdout.write(`${JSON.stringify(line)}\n`);
  else process.stderr.write(`svc serve: ouvindo em ${running.url} (snapshot ${snapshot ?? 'nenhum — aguardando o primeiro ingest'})\n`);
  await new Promise<void>((resolve) => {
    onSignal = () => {
      process.stderr.write(`svc serve: ${signalled} recebido; encerrando após as requisições em andamento\n`);
      // Stop sending first (pending deliveries stay queued in the control plane), then drain HTTP.
      void (dispatcher ? dispatcher.stop() : Promise.resolve()).then(() => running.close()).then(resolve);
    };
    if (signalled) onSignal();
  });
}

export function registerServe(program: Command): void {
  const cmd = program
    .command('serve')
    .description('serve a API /v1 a partir do snapshot atual (troca a quente a cada novo)')
    .addOption(portOption())
    .option('--host <host>', 'endereço onde escutar (padrão: todas as interfaces)')
    .addOption(new Option('--plans <file>', 'arquivo JSON que substitui cotas e acesso dos planos (veja docs/api.md)').env('SVC_PLANS'))
    .option('--webhooks', 'roda também o despachante de webhooks neste processo (como `svc webhooks run`)', false)
    .addOption(allowPrivateUrlsOption());
  withCommonOptions(cmd);
  withExamples(cmd, [
    'svc serve',
    'svc serve --port 9000 --host 127.0.0.1 --data-dir /var/lib/svc',
    'svc serve --plans /etc/svc/plans.json',
    'svc serve --webhooks',
  ]);
  cmd.action(async (opts: ServeOptions) => {
    const port = parsePort(opts.port);
    const server: ServerOptions = { dataDir: dataDirFrom(opts), port, host: opts.host, plans: plansFrom(opts.plans) };
    if (allowPrivateUrls(opts.allowPrivateUrls)) server.allowPrivateUrls = true;
    await serveUntilSignal(server, opts.json === true, opts.webhooks === true);
  });
}
