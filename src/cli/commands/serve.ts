import { Option, type Command } from 'commander';
import { loadPlans, PlansFileError, type PlansConfig } from '../../control/plans.js';
import { startServer, type RunningServer, type ServerOptions } from '../../api/server.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { dataDirFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { allowPrivateUrls, allowPrivateUrlsOption, corsOriginsOption } from '../options.js';

export interface ServeOptions extends CommonOptions {
  port: string;
  host?: string;
  plans?: string;
  allowPrivateUrls?: boolean;
  webhooks?: boolean;
  corsOrigins: '*' | string[];
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
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`a porta ${o.port} já está em uso`, EXIT.failure);
    if (code === 'EACCES') throw new CliError(`sem permissão para usar a porta ${o.port}`, EXIT.failure);
    throw err;
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
    .description('serve the /v1 API from the current snapshot (hot-swaps to each new one)')
    .option('--port <port>', 'TCP port (0 = any free port)', '8080')
    .option('--host <host>', 'address to bind (default: all interfaces)')
    .addOption(new Option('--plans <file>', 'JSON file overriding plan quotas and access (see docs/api.md)').env('SVC_PLANS'))
    .addOption(corsOriginsOption())
    .option('--webhooks', 'also run the webhook delivery daemon in this process (as `svc webhooks run`)', false)
    .addOption(allowPrivateUrlsOption());
  withCommonOptions(cmd);
  withExamples(cmd, [
    'svc serve',
    'svc serve --port 9000 --host 127.0.0.1 --data-dir /var/lib/svc',
    'svc serve --plans /etc/svc/plans.json',
    'svc serve --webhooks',
    'svc serve --cors-origins https://app.example.com,http://localhost:5173',
  ]);
  cmd.action(async (opts: ServeOptions) => {
    const port = parsePort(opts.port);
    const server: ServerOptions = { dataDir: dataDirFrom(opts), port, host: opts.host, plans: plansFrom(opts.plans), corsOrigins: opts.corsOrigins };
    if (allowPrivateUrls(opts.allowPrivateUrls)) server.allowPrivateUrls = true;
    await serveUntilSignal(server, opts.json === true, opts.webhooks === true);
  });
}
