import type { Command } from 'commander';
import { startServer, type RunningServer, type ServerOptions } from '../../api/server.js';
import { DEFAULT_CACHE_MB } from '../../api/snapshot/snapshot-holder.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import type { Config } from '../../config.js';
import { createMailer, type Mailer } from '../../webhooks/notifier.js';
import { configFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { allowPrivateUrls, allowPrivateUrlsOption } from '../options.js';

export interface ServeOptions extends CommonOptions {
  webhooks?: boolean;
}

/** What `svc serve` and `svc demo` run from the config. */
export function serverOptions(config: Config): ServerOptions {
  return { dataDir: config.dataDir, port: config.port, host: config.host, plans: config.plans, cacheMb: config.cacheMb, metricsToken: config.metricsToken, secretKeys: config.secretKeys };
}

/** Listens, prints where, and shuts down gracefully on SIGTERM/SIGINT. Shared by `serve` and `demo`. */
export async function serveUntilSignal(o: ServerOptions, json: boolean, webhooks?: { mailer: Mailer | null }): Promise<void> {
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
  const dispatcher = webhooks
    ? await (await import('../../webhooks/dispatcher.js')).startDispatcher({
        dataDir: o.dataDir,
        allowPrivateUrls: o.allowPrivateUrls === true,
        plans: o.plans,
        mailer: webhooks.mailer,
        secretKeys: o.secretKeys,
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
    .option('--port <port>', 'TCP port, 0 = any free port (env: PORT, default: 8080)')
    .option('--host <host>', 'address to bind (default: all interfaces)')
    .option('--plans <file>', 'JSON file overriding plan quotas and access, see docs/api.md (env: SVC_PLANS)')
    .option('--cache-mb <mb>', `memory bound of the cache of championships and responses read on demand, MiB (env: SVC_CACHE_MB, default: ${DEFAULT_CACHE_MB})`)
    .option('--webhooks', 'also run the webhook delivery daemon in this process (as `svc webhooks run`)', false)
    .addOption(allowPrivateUrlsOption());
  withCommonOptions(cmd);
  withExamples(cmd, [
    'svc serve',
    'svc serve --port 9000 --host 127.0.0.1 --data-dir /var/lib/svc',
    'svc serve --plans /etc/svc/plans.json',
    'svc serve --webhooks',
    'svc serve --cache-mb 128',
  ]);
  cmd.action(async (opts: ServeOptions) => {
    const config = configFrom(opts);
    const server = serverOptions(config);
    if (allowPrivateUrls(config)) server.allowPrivateUrls = true;
    await serveUntilSignal(server, opts.json === true, opts.webhooks ? { mailer: createMailer(config.smtp) } : undefined);
  });
}
