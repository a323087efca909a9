import { Option, type Command } from 'commander';
import type { DeliveryRecord } from '../../control/webhooks/records.js';
import type { WebhookRegistry } from '../../control/webhooks/registry.js';
import type { DeliveryStatus } from '../../domain/webhooks.js';
import { systemClock } from '../../clock.js';
import { replayDeliveries, type ReplayResult } from '../../webhooks/replay.js';
import { Sender } from '../../webhooks/sender.js';
import { BlockedUrlError, checkUrl } from '../../webhooks/url-guard.js';
import { CliError } from '../cli-error.js';
import { openControlPlane } from '../control-plane.js';
import { EXIT } from '../exit-codes.js';
import { formatTable, printJson, printLine } from '../output.js';
import { configFrom, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';
import { isoWithOffset } from '../../time.js';
import { allowPrivateUrls, allowPrivateUrlsOption, intOption } from '../options.js';

interface ReplayOptions extends CommonOptions {
  webhook?: number;
  since?: string;
  until?: string;
  status?: DeliveryStatus;
  to?: string;
  dryRun?: boolean;
  allowPrivateUrls?: boolean;
}

const STATUSES: readonly DeliveryStatus[] = ['pendente', 'entregue', 'falhou', 'descartada'];

/** `YYYY-MM-DD` or a full ISO 8601 instant → ISO; `--until` with a bare date covers the whole day. */
function isoBound(option: string, value: string | undefined, endOfDay: boolean): string | undefined {
  if (value === undefined) return undefined;
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(bare ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw new CliError(`${option}: "${value}" não é uma data (use AAAA-MM-DD ou ISO 8601)`, EXIT.usage);
  return isoWithOffset(bare && endOfDay ? ms + 86_400_000 - 1 : ms);
}

/** A delivery id, or any start of one that matches a single delivery; null when none does. */
async function fullDeliveryId(store: WebhookRegistry, ref: string): Promise<string | null> {
  if ((await store.findDeliveries([ref])).length > 0) return ref;
  const [id, ...more] = await store.deliveryIdsStartingWith(ref, 5);
  if (more.length > 0)
    throw new CliError(
      `prefixo ambíguo: ${ref} corresponde às entregas ${[id, ...more].join(', ')}${more.length === 4 ? ', …' : ''}; use mais caracteres`,
      EXIT.usage,
    );
  return id ?? null;
}

async function select(store: WebhookRegistry, ids: readonly string[], o: ReplayOptions): Promise<DeliveryRecord[]> {
  if (ids.length > 0 && o.webhook !== undefined)
    throw new CliError('informe ids de entrega ou --webhook com filtros, não os dois', EXIT.usage);
  if (ids.length > 0) {
    const full = await Promise.all(ids.map((ref) => fullDeliveryId(store, ref)));
    const missing = ids.filter((_, i) => full[i] === null);
    if (missing.length) throw new CliError(`entrega não encontrada: ${missing.join(', ')}`, EXIT.notFound);
    const found = await store.findDeliveries(full as string[]);
    return (full as string[]).map((id) => found.find((d) => d.id === id) as DeliveryRecord);
  }
  if (o.webhook === undefined)
    throw new CliError('informe um ou mais ids de entrega, ou --webhook ID (com --since/--until/--status)', EXIT.usage);
  const since = isoBound('--since', o.since, false);
  const until = isoBound('--until', o.until, true);
  if (!(await store.getWebhookById(o.webhook)))
    throw new CliError(`webhook ${o.webhook} não encontrado`, EXIT.notFound);
  return await store.filterDeliveries({ webhookId: o.webhook, since, until, status: o.status });
}

/** Prints what `svc replay` or `svc webhooks trigger` sent; any failed send makes the command fail (exit 4). */
export function reportSends(results: readonly ReplayResult[], json: boolean, done: string, what: string): void {
  if (json) printJson({ data: results, meta: { total: results.length, falhas: results.filter((r) => !r.ok).length } });
  else {
    printLine(
      formatTable(
        ['entrega', 'webhook', 'evento', 'tentativa', 'resultado'],
        results.map((r) => [
          r.entrega,
          r.webhook_id,
          r.evento,
          r.tentativa,
          r.ok ? `HTTP ${r.status_code}` : `FALHOU: ${r.erro}`,
        ]),
      ),
    );
    printLine(`${results.filter((r) => r.ok).length} de ${results.length} ${done}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  const blocked = results.filter((r) => r.bloqueada).length;
  // The guard is what a developer replaying to a local receiver meets first: name the flag that lifts it.
  const hint = blocked
    ? `; ${blocked} não saíram, recusadas pela regra de URLs (${results.find((r) => r.bloqueada)?.erro}): para um receptor local use --allow-private-urls (só em desenvolvimento)`
    : '';
  if (failed > 0) throw new CliError(`${failed} de ${results.length} ${what} falharam${hint}`, EXIT.unreachable);
}

async function replay(ids: string[], o: ReplayOptions): Promise<void> {
  const config = configFrom(o);
  const allowPrivate = allowPrivateUrls(config);
  if (o.to !== undefined) {
    try {
      await checkUrl(o.to, { allowPrivate });
    } catch (err) {
      if (err instanceof BlockedUrlError) throw new CliError(`--to: ${err.message}`, EXIT.usage);
      throw err;
    }
  }
  const control = await openControlPlane(config);
  try {
    const store = control.webhooks;
    const deliveries = await select(store, ids, o);
    if (o.dryRun) {
      const rows = await Promise.all(
        deliveries.map(async (d) => ({
          entrega: d.id,
          webhook_id: d.webhookId,
          evento: d.evento,
          status: d.status,
          criada_em: d.criadaEm,
          destino: o.to ?? (await store.getWebhookById(d.webhookId))?.url ?? null,
        })),
      );
      if (o.json) printJson({ data: rows, meta: { total: rows.length, dry_run: true } });
      else {
        printLine(
          formatTable(
            ['entrega', 'webhook', 'evento', 'status', 'criada_em', 'destino'],
            rows.map((r) => Object.values(r)),
          ),
        );
        printLine(`${rows.length} entrega(s) seriam reenviadas (--dry-run: nada foi enviado)`);
      }
      return;
    }
    const sender = new Sender({ allowPrivate, maxSockets: 1 });
    try {
      const results = await replayDeliveries(store, sender, deliveries, { to: o.to, now: systemClock.now });
      reportSends(
        results,
        o.json === true,
        `entrega(s) reenviadas para ${o.to ?? 'a URL de cada webhook'}`,
        'reenvio(s)',
      );
    } finally {
      sender.close();
    }
  } finally {
    await control.close();
  }
}

export function registerReplay(program: Command): void {
  const cmd = withControlPlaneOptions(program.command('replay'))
    .description('reenvia entregas registradas (mesmo X-SVC-Entrega, novo horário e assinatura com o segredo atual)')
    .argument('[entregas...]', 'ids de entrega (X-SVC-Entrega)')
    .addOption(
      new Option('--webhook <id>', 'todas as entregas de um webhook (com os filtros abaixo)').argParser(
        intOption(1, Number.MAX_SAFE_INTEGER),
      ),
    )
    .option('--since <date>', 'criadas a partir de (AAAA-MM-DD ou ISO 8601)')
    .option('--until <date>', 'criadas até (AAAA-MM-DD inclui o dia inteiro, ou ISO 8601)')
    .addOption(new Option('--status <status>', 'só entregas neste status').choices(STATUSES))
    .option('--to <url>', 'envia para esta URL em vez da URL do webhook')
    .option('--dry-run', 'lista o que seria reenviado, não envia nada', false)
    .addOption(allowPrivateUrlsOption())
    .action((entregas: string[], o: ReplayOptions) => replay(entregas, o));
  withExamples(cmd, [
    'svc replay 6f1c2d3e-0000-4000-8000-000000000001',
    'svc replay --webhook 3 --status falhou --since 2026-11-21',
    'svc replay --webhook 3 --since 2026-11-22T14:00:00Z --until 2026-11-22T16:00:00Z --dry-run',
    'svc replay <id> --to http://127.0.0.1:9000/ --allow-private-urls   # para o svc webhooks listen',
  ]);
  cmd.exitOverride();
}
