import type { Command } from 'commander';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { corsOriginsOption } from '../options.js';
import { createMailer } from '../../webhooks/notifier.js';
import { checkPortFree, serverOptions, serveUntilSignal } from './serve.js';

const DEMO_FIXTURES = fileURLToPath(new URL('../../../fixtures/demo', import.meta.url));
const DEMO_ACCOUNT = 'demo';

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

/** The demo fixtures, ingested when there is no snapshot yet. */
async function ingestDemo(config: Config, control: ControlPlane, o: LiveOptionFlags): Promise<void> {
  if (readCurrentId(config.dataDir) !== null) return;
  const summary = await ingest({ control, dataDir: config.dataDir, inputs: [DEMO_FIXTURES], ...liveSettings(o) });
  // This process goes on serving and publishes nothing more: release DuckDB's publish engine (~55 MB).
  await closePublishEngine();
  process.stderr.write(`svc demo: fixtures/demo ingeridos → snapshot ${summary.snapshot_id}\n`);
}

export function registerDemo(program: Command): void {
  const cmd = program
    .command('demo')
    .description(
      'o que `npm start` roda: ingere os dados de demonstração se não há snapshot, garante uma chave demo e serve a API (com o daemon de webhooks)',
    )
    .option('--port <port>', 'porta TCP (variável: PORT; padrão: 8080)')
    .option('--host <host>', 'endereço onde escutar (padrão: todas as interfaces)')
    .addOption(corsOriginsOption());
  withLiveOptions(cmd);
  withControlPlaneOptions(cmd);
  withExamples(cmd, [
    'npm start',
    'svc demo --port 9000',
    'curl -H "Authorization: Bearer $(cat data/demo-key.txt)" localhost:8080/v1/campeonatos',
  ]);
  cmd.action(async (o: CommonOptions & LiveOptionFlags) => {
    const config = configFrom(o);
    const { dataDir, port } = config;
    // Before the demo ingest (seconds): a port in use is reported at once, not after it.
    if (port !== 0) await checkPortFree(port, config.host);
    const control = await openControlPlane(config);
    try {
      await ingestDemo(config, control, o);
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
      }
      // With the delivery daemon, so the panel's test deliveries and resends go out (to HTTPS public URLs).
      await serveUntilSignal(serverOptions(config, control), o.json === true, { mailer: createMailer(config.smtp) });
    } finally {
      await control.close();
    }
  });
}
