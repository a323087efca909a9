import { Option, type Command } from 'commander';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { printLine, printWarning } from '../output.js';
import { openControlPlane } from '../control-plane.js';
import {
  configFrom,
  withCommonOptions,
  withControlPlaneOptions,
  withExamples,
  type CommonOptions,
} from '../program.js';
import { startDispatcher } from '../../webhooks/dispatcher.js';
import { type Listener, startListener, type ReceivedDelivery } from '../../webhooks/listen.js';
import { createMailer } from '../../webhooks/notifier.js';
import { allowPrivateUrls, allowPrivateUrlsOption, intOption, withLogOptions } from '../options.js';
import { createLogger } from '../../log.js';

interface RunOptions extends CommonOptions {
  concurrency: number;
}

interface ListenCliOptions extends Omit<CommonOptions, 'port'> {
  /** The receiver's own port (not the API's `--port`/PORT setting). */
  port: number;
  status: number;
  delay: number;
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, () => resolve(s));
  });
}

async function run(opts: RunOptions): Promise<void> {
  const config = configFrom(opts);
  const { dataDir } = config;
  const log = createLogger(config.log);
  const control = await openControlPlane(config);
  try {
    const dispatcher = await startDispatcher({
      dataDir,
      control,
      concurrency: opts.concurrency,
      allowPrivateUrls: allowPrivateUrls(config),
      mailer: createMailer(config.smtp),
      log,
    });
    log.info(
      { event: 'despachando', data_dir: dataDir.root, concurrency: opts.concurrency },
      `despachando eventos de ${dataDir.root} (concorrência ${opts.concurrency}); Ctrl-C para parar`,
    );
    const signal = await waitForSignal();
    log.info({ event: 'encerrando', signal }, `${signal} recebido; terminando as entregas em andamento`);
    await dispatcher.stop();
  } finally {
    await control.close();
  }
  log.info({ event: 'parado' }, 'despachante parado');
}

function printDelivery(d: ReceivedDelivery, json: boolean): void {
  if (json) {
    printLine(JSON.stringify(d));
    return;
  }
  const sig =
    d.assinatura === 'valida'
      ? 'assinatura válida'
      : d.assinatura === 'invalida'
        ? `ASSINATURA INVÁLIDA (${d.motivo})`
        : 'assinatura não verificada (sem --secret)';
  printLine(
    `${d.recebida_em}  ${d.evento ?? '(sem X-SVC-Evento)'}  entrega ${d.entrega ?? '?'}  tentativa ${d.tentativa ?? '?'}` +
      `${d.duplicada ? '  [DUPLICADA]' : ''}  ${sig}  → ${d.respondido}`,
  );
  printLine(`    ${d.resumo}`);
}

async function listen(opts: ListenCliOptions): Promise<void> {
  const secret = configFrom({ config: opts.config, dataDir: opts.dataDir, secret: opts.secret }).webhookSecret;
  let listener: Listener;
  try {
    listener = await startListener({
      port: opts.port,
      secret,
      status: opts.status,
      delayMs: opts.delay,
      onDelivery: (d) => printDelivery(d, opts.json === true),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(`a porta ${opts.port} já está em uso; escolha outra com --port`, EXIT.notReady);
    throw err;
  }
  process.stderr.write(
    `svc webhooks listen: recebendo em http://127.0.0.1:${listener.port}/ (responde ${opts.status}` +
      `${opts.delay ? ` após ${opts.delay} ms` : ''}); Ctrl-C para parar\n`,
  );
  if (!secret) printWarning('sem --secret (ou SVC_WEBHOOK_SECRET): as assinaturas não serão verificadas');
  await waitForSignal();
  await listener.close();
}

export function registerWebhooks(program: Command): void {
  const webhooks = program.command('webhooks').description('entrega de webhooks: o despachante e um receptor local');
  withExamples(webhooks, ['svc webhooks run', 'svc webhooks listen --port 9000 --secret whsec_...']);

  const runCmd = withControlPlaneOptions(webhooks.command('run'))
    .description(
      'despachante: transforma eventos dos snapshots em entregas assinadas (retentativas, desativação, cotas)',
    )
    .addOption(new Option('--concurrency <n>', 'entregas simultâneas').argParser(intOption(1, 256)).default(16))
    .addOption(allowPrivateUrlsOption());
  withLogOptions(runCmd).action((o: RunOptions) => run(o));
  withExamples(runCmd, [
    'svc webhooks run --data-dir /var/lib/svc',
    'svc webhooks run --concurrency 32 --log-level warn',
    'SVC_SMTP_URL=smtp://user:pass@smtp.example.com:587 svc webhooks run',
    'svc webhooks run --allow-private-urls   # desenvolvimento local: receptor em http://127.0.0.1',
  ]);

  const listenCmd = withCommonOptions(webhooks.command('listen'))
    .description('receptor local para desenvolvimento: verifica assinaturas, imprime e responde as entregas')
    .addOption(
      new Option('--port <port>', 'porta local (0 = qualquer porta livre)')
        .argParser(intOption(0, 65535))
        .default(9000),
    )
    .option('--secret <secret>', 'o segredo do webhook, para verificar as assinaturas (variável: SVC_WEBHOOK_SECRET)')
    .addOption(new Option('--status <code>', 'status HTTP da resposta').argParser(intOption(100, 599)).default(200))
    .addOption(new Option('--delay <ms>', 'espera antes de responder (ms)').argParser(intOption(0, 600_000)).default(0))
    .action((o: ListenCliOptions) => listen(o));
  withExamples(listenCmd, [
    'svc webhooks listen --port 9000 --secret whsec_...',
    'svc webhooks listen --status 500          # exercita as retentativas',
    'svc webhooks listen --delay 15000         # exercita o tempo esgotado (10 s)',
    'svc webhooks listen --json | jq .resumo',
  ]);

  for (const cmd of [webhooks, runCmd, listenCmd]) cmd.exitOverride();
}
