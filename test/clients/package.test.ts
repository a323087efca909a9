import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';
import { installPackedClient, run, type InstalledClient } from '../kit/client-package.js';

const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

/** What a customer writes against the installed package: REST, the live stream and the webhook check, typed. */
function customerProgram(baseUrl: string, key: string): string {
  return `import { createSvcClient, followEventStream, type Campeonato, type StreamEvent } from '@svc/client';
import { verifyDelivery } from '@svc/client/webhooks';

const baseUrl = ${JSON.stringify(baseUrl)};
const key = ${JSON.stringify(key)};
const api = createSvcClient({ baseUrl, key });
const { data, error } = await api.GET('/v1/campeonatos');
if (error) throw new Error(error.mensagem);
const nomes: string[] = data.data.map((c: Campeonato) => c.nome);
console.log(JSON.stringify({ campeonatos: nomes }));
// @ts-expect-error: a path the API does not have
void api.GET('/v1/nada');

const verificado = verifyDelivery({ secret: 's', body: '{}', timestamp: '1', signature: 'sha256=00', nowMs: 1000 });
console.log(JSON.stringify({ verificado }));

const stop = followEventStream({
  baseUrl,
  key,
  query: { eventos: 'partida.ao_vivo,partida.gol' },
  onStatus: (conectado) => conectado && console.log(JSON.stringify({ conectado })),
  onEvent(e: StreamEvent) {
    if (e.event === 'partida.ao_vivo') {
      // @ts-expect-error: only partida.gol carries the goal
      void e.data.dados.gol;
    }
    if (e.event === 'partida.gol') {
      const placar: [number | null, number | null] = [e.data.dados.placar_mandante, e.data.dados.placar_visitante];
      console.log(JSON.stringify({ id: e.id, gol: e.data.dados.gol.jogador, placar }));
      stop();
    }
  },
});
`;
}

/**
 * The client as a customer gets it: `npm pack` (its prepack builds JS and .d.ts), installed from the tarball into a
 * scratch project outside the repository, a program type-checked with tsc against the installed types and run
 * against a real server, following a goal on the live stream.
 */
describe('the TypeScript client as an npm package (clients/typescript)', () => {
  let h: Harness;
  let scratch: ReturnType<typeof tempDir>;
  let client: InstalledClient;
  before(async () => {
    h = await startHarness();
    scratch = tempDir('svc-client-customer-');
    client = await installPackedClient(scratch.dir);
  });
  after(async () => {
    await h?.cleanup();
    scratch?.cleanup();
  });

  it('ships built JS and declarations only: no generator, no TypeScript sources', () => {
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/webhooks.js', 'dist/webhooks.d.ts', 'README.md'])
      assert.ok(client.files.includes(f), `${f} in ${client.files.join(', ')}`);
    assert.deepEqual(
      client.files.filter((f) => /generate|\.ts$/.test(f) && !f.endsWith('.d.ts')),
      [],
    );
  });

  it('installs from the tarball, type-checks a customer program and runs it against a real server', async () => {
    const { project } = client;
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    writeFileSync(path.join(project, 'main.ts'), customerProgram(h.url, await h.key('enterprise')));
    const compiled = await run(process.execPath, [TSC, '-p', '.'], project);
    assert.equal(compiled.code, 0, compiled.stdout + compiled.stderr);

    const lines: Record<string, unknown>[] = [];
    let connected: () => void = () => {};
    const isConnected = new Promise<void>((r) => (connected = r));
    const program = run(process.execPath, ['out/main.js'], project, (line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      lines.push(parsed);
      if (parsed.conectado) connected();
    });
    await Promise.race([isConnected, program.then((r) => assert.fail(`exited before connecting: ${r.stderr}`))]);
    for (const step of ['01-pre-jogo', '02-inicio', '03-gol'])
      await ingestInto(h.dataDir, [path.join(LIVE_DAY, `${step}.json`)]);
    await h.api.holder.refresh();
    const ran = await program;
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(lines[0], { campeonatos: ['Campeonato Brasileiro Série A', 'Copa do Brasil'] });
    assert.deepEqual(lines[1], { verificado: { ok: false, motivo: 'assinatura não confere' } });
    const goal = lines.find((l) => 'gol' in l);
    assert.ok(goal && typeof goal.gol === 'string' && /^\d+$/.test(goal.id as string), JSON.stringify(lines));
  });
});
