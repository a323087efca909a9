import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { printJson } from '../output.js';
import { configFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { prepareTerminalUiEnv } from '../../config.js';
import { ApiClient, ApiRequestError } from '../../tui/api-client.js';
import { snapshotOption } from '../snapshot-option.js';

/** `svc tui`: the Ink app, a client of any deployment's REST API (it never reads the data dir). */
export function registerTui(program: Command): void {
  const cmd = program
    .command('tui')
    .description('navega por campeonatos, tabelas, rodadas, partidas e jogos ao vivo no terminal (cliente da API REST)')
    .option('--api <url>', 'URL base da API do svc (variável: SVC_API_URL; padrão: http://localhost:8080)')
    .option('--key <key>', 'chave de API, Authorization: Bearer (variável: SVC_API_KEY)')
    .option('--snapshot <id>', 'lê todas as telas como no snapshot retido com este id (padrão: o atual)');
  withCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    '\n--data-dir não é usado: a TUI lê tudo pela API.\n--json testa a conexão e a chave, imprime o resultado e sai sem abrir a interface.',
  );
  withExamples(cmd, [
    'svc tui --key $SVC_API_KEY',
    'SVC_API_KEY=... svc tui --api https://api.example.com',
    'svc tui --key $SVC_API_KEY --json   # só testa a conexão',
    'svc tui --key $SVC_API_KEY --snapshot 41   # como a API servia no snapshot 41',
  ]);
  cmd.action(async (opts: CommonOptions & { snapshot?: string }) => {
    const config = configFrom(opts);
    const snapshot = snapshotOption(opts.snapshot);
    const client = new ApiClient({
      baseUrl: parseApiUrl(config.apiUrl),
      key: requireKey(config.apiKey),
      ...(snapshot ? { snapshot } : {}),
    });
    prepareTerminalUiEnv(process.stdin.isTTY && process.stdout.isTTY);
    // The connection check is the first screen's own request: a wrong URL or key fails as one line in the
    // shell, and the first frame needs no wait. Ink and React load meanwhile (only this command needs them).
    const [campeonatos, ui] = await Promise.all([
      client.campeonatos().catch((err: unknown) => {
        throw toCliError(err, client.baseUrl);
      }),
      opts.json ? undefined : import('../../tui/run.js'),
    ]);
    if (!ui) {
      printJson({
        api: client.baseUrl,
        conectado: true,
        campeonatos: campeonatos.meta.total ?? campeonatos.data.length,
        ...(snapshot ? { snapshot } : {}),
      });
      return;
    }
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      const which = process.stdin.isTTY ? 'stdout' : 'stdin';
      throw new CliError(
        `tui: ${which} não é um terminal interativo (TTY); use --json para só testar a conexão`,
        EXIT.usage,
      );
    }
    await ui.runTui(client, campeonatos);
  });
}

function parseApiUrl(value: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new CliError(`--api inválida: ${value} (esperado http://host:porta ou https://…)`, EXIT.usage);
  }
  return value;
}

function requireKey(key: string | undefined): string {
  if (!key) throw new CliError('falta a chave de API: use --key ou a variável SVC_API_KEY', EXIT.usage);
  return key;
}

/** A refused key is a bad option value (usage); anything else means the API is not reachable or failing. */
function toCliError(err: unknown, api: string): Error {
  if (!(err instanceof ApiRequestError)) return err instanceof Error ? err : new Error(String(err));
  if (err.status === 401 || err.status === 403) {
    return new CliError(`a API em ${api} recusou a chave: ${err.message}`, EXIT.usage);
  }
  // The first request is the championship list, which exists in every snapshot: a 404 is a snapshot not retained.
  if (err.status === 404) return new CliError(`a API em ${api}: ${err.mensagem ?? err.message}`, EXIT.notFound);
  return new CliError(
    err.kind === 'unreachable' ? err.message : `a API em ${api} falhou: ${err.message}`,
    EXIT.unreachable,
  );
}
