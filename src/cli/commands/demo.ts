import type { Command } from 'commander';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { ControlPlane } from '../../control/control-plane.js';
import type { DataDir } from '../../data-dir.js';
import { ingest } from '../../warehouse/ingest.js';
import { closePublishEngine } from '../../warehouse/publish-engine.js';
import { readCurrentId } from '../../warehouse/snapshot-store.js';
import { openControlPlane } from '../control-plane.js';
import { liveSettings, withLiveOptions, type LiveOptionFlags } from '../live-options.js';
import { printLine } from '../output.js';
import { configFrom, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';
import {
  allowPrivateUrls,
  allowPrivateUrlsOption,
  corsOriginsOption,
  withLogOptions,
  withPublicUrlOptions,
} from '../options.js';
import { createLogger, type Logger } from '../../log.js';
import { nowDate } from '../../clock.js';
import { brasiliaDay } from '../../feeds/adapters/brasilia-time.js';
import { demoDay, setAsideDemo, writeDemoFeeds } from '../demo-data.js';
import { createMailer } from '../../webhooks/notifier.js';
import { checkPortFree, serverOptions, serveUntilSignal } from './serve.js';

const DEMO_ACCOUNT = 'demo';
/** The demo is a local sandbox: the enterprise demo key is not offered on every interface. */
const DEMO_HOST = '127.0.0.1';

export function demoKeyFile(dataDir: DataDir): string {
  return path.join(dataDir.root, 'demo-key.txt');
}

/** The demo key: the one in data/demo-key.txt while it still works, else a new enterprise key. */
async function ensureDemoKey(dataDir: DataDir, control: ControlPlane): Promise<{ key: string; created: boolean }> {
  const { accounts } = control;
  const file = demoKeyFile(dataDir);
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (existing && (await accounts.authenticate(existing))) return { key: existing, created: false };
  const account =
    (await accounts.getAccount(DEMO_ACCOUNT)) ?? (await accounts.createAccount(DEMO_ACCOUNT, 'enterprise'));
  const { key } = await accounts.createKey(account.id, 'demo');
  // Plaintext lives only here (the data dir is git-ignored), readable by the owner only.
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, created: true };
}

/**
 * The demo's data, dated so that its live day is today in Brasília (src/cli/demo-data.ts): ingested when
 * there is no snapshot yet; a demo dated for another day is set aside first and told so, so the README's
 * walk-through (data/live-day/…) tells the same story on any date. A data dir that is not the demo's is
 * served as it is.
 */
async function prepareDemo(config: Config, o: LiveOptionFlags, log: Logger): Promise<void> {
  const { dataDir } = config;
  const today = brasiliaDay((o.now ?? nowDate()).getTime());
  const dated = demoDay(dataDir);
  if (readCurrentId(dataDir) !== null) {
    if (dated === today || (dated === null && !existsSync(demoKeyFile(dataDir)))) return;
    if (config.databaseUrl !== undefined) {
      log.warn(
        { event: 'demo_antiga', day: dated },
        `os dados de demonstração são de ${dated ?? 'antes da datação'}; com PostgreSQL eles não são refeitos (use um banco novo para rever a demo hoje)`,
      );
      return;
    }
    const aside = setAsideDemo(dataDir, dated ?? 'sem-data');
    log.info(
      { event: 'demo_guardada', day: dated, dir: aside },
      `demo de ${dated ?? 'antes da datação'} guardada em ${aside}; refeita para hoje`,
    );
  }
  const feeds = writeDemoFeeds(dataDir, today);
  const control = await openControlPlane(config);
  try {
    const summary = await ingest({ control, dataDir, inputs: [feeds], ...liveSettings(o) });
    log.info(
      { event: 'demo_ingerida', day: today, snapshot: summary.snapshot_id },
      `dados de demonstração de ${today} ingeridos → snapshot ${summary.snapshot_id}`,
    );
  } finally {
    await control.close();
  }
  // This process goes on serving and publishes nothing more: release DuckDB's publish engine (~55 MB).
  await closePublishEngine();
}

export function registerDemo(program: Command): void {
  const cmd = program
    .command('demo')
    .description(
      'o que `npm start` roda: ingere os dados de demonstração se não há snapshot, garante uma chave demo e serve a API (com o daemon de webhooks)',
    )
    .option('--port <port>', 'porta TCP (variável: PORT; padrão: 8080)')
    .option('--host <host>', `endereço onde escutar (padrão: ${DEMO_HOST}, só esta máquina)`)
    .addOption(corsOriginsOption())
    .addOption(allowPrivateUrlsOption());
  withLogOptions(cmd);
  withLiveOptions(cmd);
  withPublicUrlOptions(cmd);
  withControlPlaneOptions(cmd);
  withExamples(cmd, [
    'npm start',
    'svc demo --port 9000',
    'curl -H "Authorization: Bearer $(cat data/demo-key.txt)" localhost:8080/v1/campeonatos',
  ]);
  cmd.action(async (o: CommonOptions & LiveOptionFlags) => {
    const config = { ...configFrom(o), host: o.host ?? DEMO_HOST };
    const { dataDir, port } = config;
    const log = createLogger(config.log);
    // Before the demo ingest (seconds): a port in use is reported at once, not after it.
    if (port !== 0) await checkPortFree(port, config.host);
    await prepareDemo(config, o, log);
    const control = await openControlPlane(config, { serving: true });
    try {
      const { key, created } = await ensureDemoKey(dataDir, control);
      const keyFile = path.relative(process.cwd(), demoKeyFile(dataDir)) || demoKeyFile(dataDir);
      if (o.json) {
        printLine(JSON.stringify({ key, key_file: keyFile, created }));
      } else {
        printLine(`Chave demo (plano enterprise${created ? ', nova' : ''}): ${key}`);
        printLine(`Salva em ${keyFile}. Experimente:`);
        printLine(`  curl -H "Authorization: Bearer $(cat ${keyFile})" http://localhost:${port}/v1/campeonatos`);
        printLine(`  Documentação: http://localhost:${port}/docs`);
        printLine(`  Painel do cliente: http://localhost:${port}/painel (entre com a chave acima)`);
        printLine(
          `  Um gol ao vivo (README, Webhooks): svc ingest ${path.join(path.relative(process.cwd(), dataDir.root) || '.', 'live-day', '03-gol.json')}`,
        );
      }
      // With the delivery daemon, and receivers on this machine accepted (a sandbox: `svc webhooks listen`).
      const server = { ...serverOptions(config, control, log), allowLoopbackUrls: true };
      if (allowPrivateUrls(config)) server.allowPrivateUrls = true;
      await serveUntilSignal(server, o.json === true, { mailer: createMailer(config.smtp) });
    } finally {
      await control.close();
    }
  });
}
