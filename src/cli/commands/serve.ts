import type { Command } from 'commander';
import { createServer } from 'node:net';
import { startServer, type RunningServer, type ServerOptions } from '../../api/server.js';
import { DEFAULT_CACHE_MB } from '../../api/snapshot/cache-size.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import type { Config } from '../../config.js';
import type { ControlPlane } from '../../control/control-plane.js';
import { openControlPlane } from '../control-plane.js';
import { createLogger, type Logger } from '../../log.js';
import { createMailer, type Mailer } from '../../webhooks/notifier.js';
import { configFrom, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';
import {
  allowPrivateUrls,
  allowPrivateUrlsOption,
  corsOriginsOption,
  withLogOptions,
  withPublicUrlOptions,
} from '../options.js';

export interface ServeOptions extends CommonOptions {
  webhooks?: boolean;
}

/** What `svc serve` and `svc demo` run from the config, on the control plane the caller opened. */
export function serverOptions(config: Config, control: ControlPlane, log: Logger): ServerOptions & { log: Logger } {
  return {
    dataDir: config.dataDir,
    control,
    log,
    port: config.port,
    host: config.host,
    plans: config.plans,
    cacheMb: config.cacheMb,
    metricsToken: config.metricsToken,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
  };
}

/** A port that cannot be bound is the machine's state, not a bug: one line, exit code 7. */
function portError(err: unknown, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CliError(`a porta ${port} já está em uso; escolha outra com --port ou PORT`, EXIT.notReady);
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

/** Listens, prints where, and shuts down gracefully on SIGTERM/SIGINT. Shared by `serve` and `demo`. */
export async function serveUntilSignal(
  o: ServerOptions & { log: Logger },
  json: boolean,
  webhooks?: { mailer: Mailer | null },
): Promise<void> {
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
  const dispatcher = webhooks
    ? await (await import('../../webhooks/dispatcher.js')).startDispatcher({
        dataDir: o.dataDir,
        allowPrivateUrls: o.allowPrivateUrls === true,
        allowLoopbackUrls: o.allowLoopbackUrls === true,
        plans: o.plans,
        mailer: webhooks.mailer,
        control: o.control,
        log: o.log,
      })
    : null;
  const snapshot = running.api.holder.current?.id ?? null;
  // The command's announcement, not a log record: supervisors and scripts read it (stdout with --json, else stderr).
  const line = { event: 'ouvindo', url: running.url, snapshot, data_dir: o.dataDir.root };
  if (json) process.stdout.write(`${JSON.stringify(line)}\n`);
  else
    process.stderr.write(
      `svc serve: ouvindo em ${running.url} (snapshot ${snapshot ?? 'nenhum — aguardando o primeiro ingest'})\n`,
    );
  await new Promise<void>((resolve) => {
    onSignal = () => {
      o.log.info(
        { event: 'encerrando', signal: signalled },
        `${signalled} recebido; encerrando após as requisições em andamento`,
      );
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
    .option('--port <port>', 'porta TCP, 0 = qualquer porta livre (variável: PORT; padrão: 8080)')
    .option('--host <host>', 'endereço onde escutar (padrão: todas as interfaces)')
    .option(
      '--plans <file>',
      'arquivo JSON que substitui cotas e acesso dos planos, veja docs/api.md (variável: SVC_PLANS)',
    )
    .option(
      '--cache-mb <mb>',
      `limite de memória do cache de campeonatos e respostas lidos sob demanda, MiB (variável: SVC_CACHE_MB; padrão: ${DEFAULT_CACHE_MB})`,
    )
    .addOption(corsOriginsOption())
    .option('--webhooks', 'roda também o despachante de webhooks neste processo (como `svc webhooks run`)', false)
    .addOption(allowPrivateUrlsOption());
  withLogOptions(cmd);
  withPublicUrlOptions(cmd);
  withControlPlaneOptions(cmd);
  withExamples(cmd, [
    'svc serve',
    'svc serve --port 9000 --host 127.0.0.1 --data-dir /var/lib/svc',
    'svc serve --plans /etc/svc/plans.json',
    'svc serve --webhooks',
    'svc serve --cache-mb 128',
    'svc serve --cors-origins https://app.example.com,http://localhost:5173',
    'svc serve --log-format text --log-level warn',
    'svc serve --public-url https://api.example.com --trust-proxy',
  ]);
  cmd.action(async (opts: ServeOptions) => {
    const config = configFrom(opts);
    const control = await openControlPlane(config, { serving: true });
    try {
      const server = serverOptions(config, control, createLogger(config.log));
      if (allowPrivateUrls(config)) server.allowPrivateUrls = true;
      await serveUntilSignal(
        server,
        opts.json === true,
        opts.webhooks ? { mailer: createMailer(config.smtp) } : undefined,
      );
    } finally {
      await control.close();
    }
  });
}
