import { systemClock } from '../../clock.js';
import { Argument, Option, type Command } from 'commander';
import { exampleBody } from '../../api/openapi/event-examples.js';
import type { WebhookRecord } from '../../control/webhooks/records.js';
import { EVENTOS, type EventName } from '../../domain/events.js';
import { triggerDelivery, type ReplayResult } from '../../webhooks/replay.js';
import { Sender } from '../../webhooks/sender.js';
import { reportSends } from './replay.js';
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
  forwardTo?: string;
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
  const control = await openControlPlane(config, { serving: true });
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

interface TriggerOptions extends CommonOptions {
  webhook?: number;
}

async function trigger(evento: EventName, opts: TriggerOptions): Promise<void> {
  const config = configFrom(opts);
  const allowPrivate = allowPrivateUrls(config);
  const control = await openControlPlane(config);
  try {
    const store = control.webhooks;
    let targets: WebhookRecord[];
    if (opts.webhook !== undefined) {
      const w = await store.getWebhookById(opts.webhook);
      if (!w) throw new CliError(`webhook ${opts.webhook} não encontrado`, EXIT.notFound);
      targets = [w];
    } else {
      targets = (await store.activeWebhooks()).filter((w) => w.eventos.includes(evento));
      if (targets.length === 0)
        throw new CliError(
          `nenhum webhook ativo assina ${evento}; crie um ou escolha um com --webhook ID`,
          EXIT.notFound,
        );
    }
    const sender = new Sender({ allowPrivate, maxSockets: 1 });
    try {
      const results: ReplayResult[] = [];
      for (const w of targets) {
        // Each send is generated now, so gerado_em and the signature's timestamp agree.
        const sent = { evento, corpo: exampleBody(evento, systemClock.now()) };
        results.push(await triggerDelivery(store, sender, w, sent, systemClock.now));
      }
      reportSends(results, opts.json === true, `entrega(s) de ${evento} disparadas`, 'disparo(s)');
    } finally {
      sender.close();
    }
  } finally {
    await control.close();
  }
}

function printDelivery(d: ReceivedDelivery, json: boolean): void {
  if (json) {
    printLine(JSON.stringify(d));
    return;
  }
  const sig =
    d.assinatura === 'valida'
      ? `assinatura válida (segredo ${d.segredo}, ${d.cabecalho})`
      : d.assinatura === 'invalida'
        ? `ASSINATURA INVÁLIDA (${d.motivo})`
        : 'assinatura não verificada (sem --secret)';
  printLine(
    `${d.recebida_em}  ${d.evento ?? '(sem X-SVC-Evento)'}  entrega ${d.entrega ?? '?'}  tentativa ${d.tentativa ?? '?'}` +
      `${d.duplicada ? '  [DUPLICADA]' : ''}  ${sig}  → ${d.respondido}`,
  );
  printLine(`    ${d.resumo}`);
  const f = d.encaminhada;
  if (f) printLine(`    encaminhada para ${f.url}: ${f.status_code ?? `FALHOU (${f.erro})`} em ${f.duracao_ms} ms`);
}

async function listen(opts: ListenCliOptions): Promise<void> {
  const { dataDir, secret, previousSecret } = opts;
  const secrets = configFrom({ config: opts.config, dataDir, secret, previousSecret }).webhookSecrets;
  if (opts.forwardTo !== undefined && !/^https?:\/\/[^/]/.test(opts.forwardTo))
    throw new CliError(`--forward-to: "${opts.forwardTo}" não é uma URL http(s)`, EXIT.usage);
  let listener: Listener;
  try {
    listener = await startListener({
      port: opts.port,
      secrets,
      status: opts.status,
      forwardTo: opts.forwardTo,
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
    `svc webhooks listen: recebendo em http://127.0.0.1:${listener.port}/ (responde ` +
      `${opts.forwardTo ? `o que ${opts.forwardTo} responder` : opts.status}` +
      `${opts.delay ? ` após ${opts.delay} ms` : ''}); Ctrl-C para parar\n`,
  );
  if (secrets.length === 0) printWarning('sem --secret (ou SVC_WEBHOOK_SECRET): as assinaturas não serão verificadas');
  await waitForSignal();
  await listener.close();
}

export function registerWebhooks(program: Command): void {
  const webhooks = program.command('webhooks').description('entrega de webhooks: o despachante e um receptor local');
  withExamples(webhooks, [
    'svc webhooks run',
    'svc webhooks listen --port 9000 --secret whsec_...',
    'svc webhooks trigger partida.gol',
  ]);

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
    .option(
      '--secret <secret>',
      'o segredo do webhook, para verificar as assinaturas; repita para aceitar outro (variável: SVC_WEBHOOK_SECRET)',
      (value: string, list: string[] = []) => [...list, value],
    )
    .option(
      '--previous-secret <secret>',
      'o segredo anterior, aceito durante a sobreposição de uma rotação (variável: SVC_WEBHOOK_SECRET_ANTERIOR)',
    )
    .addOption(
      new Option('--status <code>', 'status HTTP da resposta (sem --forward-to)')
        .argParser(intOption(100, 599))
        .default(200),
    )
    .option(
      '--forward-to <url>',
      'encaminha cada entrega aceita (mesmos cabeçalhos e corpo) para o seu app e responde o status dele',
    )
    .addOption(new Option('--delay <ms>', 'espera antes de responder (ms)').argParser(intOption(0, 600_000)).default(0))
    .action((o: ListenCliOptions) => listen(o));
  withExamples(listenCmd, [
    'svc webhooks listen --port 9000 --secret whsec_...',
    'svc webhooks listen --secret whsec_novo --previous-secret whsec_antigo   # durante uma rotação',
    'svc webhooks listen --secret whsec_... --forward-to http://127.0.0.1:3000/webhooks',
    'svc webhooks listen --status 500          # exercita as retentativas',
    'svc webhooks listen --delay 15000         # exercita o tempo esgotado (10 s)',
    'svc webhooks listen --json | jq .resumo',
  ]);

  const triggerCmd = withControlPlaneOptions(webhooks.command('trigger'))
    .description(
      'envia agora uma entrega assinada de um evento com o payload de exemplo da documentação (origem disparo), sem ingerir nada',
    )
    .addArgument(new Argument('<evento>', 'o tipo de evento').choices(EVENTOS))
    .addOption(
      new Option('--webhook <id>', 'só para este webhook (padrão: todo webhook ativo que assina o evento)').argParser(
        intOption(1, Number.MAX_SAFE_INTEGER),
      ),
    )
    .addOption(allowPrivateUrlsOption())
    .action((evento: EventName, o: TriggerOptions) => trigger(evento, o));
  withExamples(triggerCmd, [
    'svc webhooks trigger partida.gol',
    'svc webhooks trigger rodada.encerrada --webhook 3',
    'svc webhooks trigger partida.gol --allow-private-urls   # para o svc webhooks listen local',
  ]);

  for (const cmd of [webhooks, runCmd, listenCmd, triggerCmd]) cmd.exitOverride();
}
