import type { Command } from 'commander';
import type { Account, AccountSettings, AccountsStore, ApiKeyRecord } from '../../control/accounts-store.js';
import { isPlano, PLANOS, type Plano } from '../../domain/plans.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { formatTable, printJson, printLine, printWarning } from '../output.js';
import { secretKeyFromFile, type Config } from '../../config.js';
import { DEFAULT_PLANS, readableChampionships, type PlansConfig } from '../../control/plans.js';
import { defaultKeyFile, rotateSecretKey } from '../../control/database.js';
import { rotatePgSecretKey } from '../../control/postgres/pg-control.js';
import { keyFile } from '../../control/secret-box.js';
import { keyChecked, openControlPlane, reachable, sharedKey } from '../control-plane.js';
import { configFrom, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';

interface AccountOptions extends CommonOptions {
  account: string;
  plan?: string;
  championships?: string;
  quota?: string;
  rate?: string;
}

function plan(text: string): Plano {
  if (!isPlano(text)) throw new CliError(`--plan inválido: "${text}" (use ${PLANOS.join(', ')})`, EXIT.usage);
  return text;
}

function positiveInt(flag: string, text: string): number {
  const n = /^\d{1,12}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1)) throw new CliError(`${flag} inválido: "${text}" (use um inteiro >= 1)`, EXIT.usage);
  return n;
}

/** How an account's access list reads: null = all, [] = none (plans limited to a list read nothing). */
function accessListText(campeonatos: readonly number[] | null): string {
  return campeonatos === null ? 'todos' : campeonatos.join(',') || 'nenhum';
}

/** `--championships 1,2,3` (ids) or `all`. */
function championships(text: string): number[] | null {
  if (text === 'all') return null;
  const ids = text.split(',').map((s) => s.trim());
  if (ids.length === 0 || !ids.every((s) => /^\d{1,12}$/.test(s) && Number(s) >= 1)) {
    throw new CliError(
      `--championships inválido: "${text}" (use ids separados por vírgula, ex.: 1,2, ou all)`,
      EXIT.usage,
    );
  }
  return ids.map(Number);
}

/**
 * A key that will read nothing: its plan reads only the account's access list, and the list is empty (the default
 * of a new free account). Said at creation, or its first requests would all be 403 with no hint why.
 */
function accessWarnings(account: Account, plans: PlansConfig): string[] {
  if (readableChampionships(plans[account.plano], account.campeonatos)?.length !== 0) return [];
  return [
    `a conta ${account.nome} (plano ${account.plano}) não tem campeonatos liberados: a chave receberá 403 em todos; libere com svc keys plan --account ${account.nome} --championships 1,2 (ou all)`,
  ];
}

function settingsFrom(o: AccountOptions): AccountSettings {
  return {
    plano: o.plan === undefined ? undefined : plan(o.plan),
    campeonatos: o.championships === undefined ? undefined : championships(o.championships),
    cota_requisicoes: o.quota === undefined ? undefined : positiveInt('--quota', o.quota),
    requisicoes_por_segundo: o.rate === undefined ? undefined : positiveInt('--rate', o.rate),
  };
}

function withAccountOptions(cmd: Command): Command {
  return withControlPlaneOptions(
    cmd
      .option(
        '--championships <ids>',
        'ids dos campeonatos que a conta pode ler (separados por vírgula; `all`); para planos limitados a uma lista',
      )
      .option('--quota <n>', 'requisições por dia desta conta, no lugar das do plano')
      .option('--rate <n>', 'requisições por segundo desta conta, no lugar das do plano'),
  );
}

type Accounts = AccountsStore;

/** Runs `fn` on the accounts of the configured control plane, closed after. */
async function withAccounts<T>(o: CommonOptions, fn: (accounts: Accounts, config: Config) => Promise<T>): Promise<T> {
  const config = configFrom(o);
  const control = await openControlPlane(config);
  try {
    return await fn(control.accounts, config);
  } finally {
    await control.close();
  }
}

function keyView(k: ApiKeyRecord, a?: Account | null) {
  return {
    id: k.id,
    prefixo: k.prefixo,
    conta: k.conta,
    nome: k.nome,
    ativa: k.ativa,
    criada_em: k.criada_em,
    rotacionada_em: k.rotacionada_em,
    revogada_em: k.revogada_em,
    ...(a
      ? {
          plano: a.plano,
          campeonatos: a.campeonatos,
          cota_requisicoes: a.cota_requisicoes,
          requisicoes_por_segundo: a.requisicoes_por_segundo,
        }
      : {}),
  };
}

function printKey(
  json: boolean,
  key: string | null,
  record: ApiKeyRecord,
  account: Account | null,
  title: string,
  avisos: readonly string[] = [],
): void {
  if (json) {
    printJson({ ...(key === null ? {} : { key }), ...keyView(record, account), ...(avisos.length > 0 && { avisos }) });
    return;
  }
  printLine(title);
  if (key !== null) {
    printLine(`  chave:   ${key}`);
    printLine('  (guarde-a agora: ela não será mostrada de novo)');
  }
  printLine(`  id:      ${record.id}   prefixo: ${record.prefixo}   ativa: ${record.ativa ? 'sim' : 'não'}`);
  printLine(`  conta:   ${record.conta}${account ? `   plano: ${account.plano}` : ''}`);
  if (account) {
    printLine(
      `  campeonatos: ${accessListText(account.campeonatos)}   cota/dia: ${account.cota_requisicoes ?? 'do plano'}   req/s: ${account.requisicoes_por_segundo ?? 'do plano'}`,
    );
  }
}

async function findKeyOrFail(accounts: Accounts, ref: string): Promise<ApiKeyRecord> {
  const [k, ...more] = await accounts.findKeys(ref);
  if (!k)
    throw new CliError(
      `chave não encontrada: ${ref} (use o id, o prefixo mostrado por "svc keys list" ou a chave inteira)`,
      EXIT.notFound,
    );
  if (more.length > 0) {
    throw new CliError(
      `prefixo ambíguo: ${ref} corresponde às chaves ${[k, ...more].map((c) => `${c.id} (${c.prefixo})`).join(', ')}; use mais caracteres ou o id`,
      EXIT.usage,
    );
  }
  return k;
}

export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description('cria, lista, mostra, revoga e rotaciona chaves de API; muda o plano de uma conta');
  withExamples(keys, [
    'svc keys create --account acme --plan pro',
    'svc keys create --account clube --plan free --championships 1,2 --json',
    'svc keys list',
    'svc keys rotate 3',
    'svc keys plan --account acme --plan enterprise --quota 500000',
  ]);

  const create = keys
    .command('create')
    .description('cria uma chave (e a conta, se nova); mostra a chave uma única vez')
    .requiredOption('--account <name>', 'nome da conta')
    .option('--plan <plan>', `plano de uma conta nova: ${PLANOS.join(' | ')}`)
    .option('--name <label>', 'rótulo da chave');
  withAccountOptions(create);
  withExamples(create, [
    'svc keys create --account acme --plan pro --name "site"',
    'svc keys create --account demo --plan enterprise --json',
  ]);
  create.action((o: AccountOptions & { name?: string }) => {
    const s = settingsFrom(o);
    return withAccounts(o, async (accounts, config) => {
      let account = await accounts.getAccount(o.account);
      if (!account) {
        if (!s.plano)
          throw new CliError(
            `a conta ${o.account} não existe: informe --plan (${PLANOS.join(', ')}) para criá-la`,
            EXIT.usage,
          );
        account = await accounts.createAccount(o.account, s.plano, s);
      } else {
        if (s.plano && s.plano !== account.plano) {
          throw new CliError(
            `a conta ${o.account} já existe com o plano ${account.plano}; para mudar use "svc keys plan --account ${o.account} --plan ${s.plano}"`,
            EXIT.usage,
          );
        }
        account = await accounts.updateAccount(o.account, s);
      }
      const { key, record } = await accounts.createKey(account.id, o.name ?? null);
      const avisos = accessWarnings(account, config.plans ?? DEFAULT_PLANS);
      for (const aviso of avisos) printWarning(aviso);
      printKey(o.json === true, key, record, account, 'Chave criada:', avisos);
    });
  });

  const list = keys
    .command('list')
    .description('lista as chaves (nunca as chaves em si)')
    .option('--account <name>', 'só desta conta');
  withControlPlaneOptions(list);
  withExamples(list, ['svc keys list', 'svc keys list --account acme --json']);
  list.action((o: CommonOptions & { account?: string }) =>
    withAccounts(o, async (accounts) => {
      const rows = await accounts.listKeys(o.account);
      const plans = new Map<string, Account | null>();
      for (const k of rows) if (!plans.has(k.conta)) plans.set(k.conta, await accounts.getAccount(k.conta));
      if (o.json) return printJson({ chaves: rows.map((k) => keyView(k, plans.get(k.conta))) });
      if (rows.length === 0) return printLine('nenhuma chave');
      printLine(
        formatTable(
          ['id', 'prefixo', 'conta', 'plano', 'nome', 'ativa', 'criada_em'],
          rows.map((k) => [
            k.id,
            k.prefixo,
            k.conta,
            plans.get(k.conta)?.plano,
            k.nome,
            k.ativa ? 'sim' : 'não',
            k.criada_em,
          ]),
        ),
      );
    }),
  );

  const single = (
    name: string,
    description: string,
    act: (a: Accounts, k: ApiKeyRecord) => Promise<{ key: string | null; record: ApiKeyRecord; title: string }>,
  ) => {
    const cmd = keys
      .command(`${name} <chave>`)
      .description(`${description} (<chave> = id, início do prefixo ou a chave inteira)`);
    withControlPlaneOptions(cmd);
    withExamples(cmd, [`svc keys ${name} 3`, `svc keys ${name} svc_live_AbCd --json`]);
    cmd.action((ref: string, o: CommonOptions) =>
      withAccounts(o, async (accounts) => {
        const r = await act(accounts, await findKeyOrFail(accounts, ref));
        printKey(o.json === true, r.key, r.record, await accounts.getAccount(r.record.conta), r.title);
      }),
    );
  };
  single('show', 'mostra uma chave', async (_a, k) => ({ key: null, record: k, title: 'Chave:' }));
  single('revoke', 'revoga uma chave: ela deixa de funcionar na hora', async (a, k) => ({
    key: null,
    record: await a.revokeKey(k.id),
    title: 'Chave revogada:',
  }));
  single(
    'rotate',
    'troca o segredo de uma chave (mesmo id, uso mantido); mostra a nova chave uma única vez',
    async (a, k) => {
      if (!k.ativa)
        throw new CliError(`a chave ${k.id} está revogada; crie uma nova com "svc keys create"`, EXIT.usage);
      const r = await a.rotateKey(k.id);
      return { key: r.key, record: r.record, title: 'Chave rotacionada (a anterior deixou de funcionar):' };
    },
  );

  const planCmd = keys
    .command('plan')
    .description('muda o plano, a lista de acesso ou os limites de uma conta')
    .requiredOption('--account <name>', 'nome da conta')
    .option('--plan <plan>', `novo plano: ${PLANOS.join(' | ')}`);
  withAccountOptions(planCmd);
  withExamples(planCmd, [
    'svc keys plan --account acme --plan enterprise',
    'svc keys plan --account clube --championships 1,2,5',
  ]);
  planCmd.action((o: AccountOptions) => {
    const s = settingsFrom(o);
    return withAccounts(o, async (accounts) => {
      if (!(await accounts.getAccount(o.account)))
        throw new CliError(`conta não encontrada: ${o.account}`, EXIT.notFound);
      const a = await accounts.updateAccount(o.account, s);
      if (o.json) return printJson(a);
      printLine(
        `Conta ${a.nome}: plano ${a.plano}; campeonatos ${accessListText(a.campeonatos)}; cota/dia ${a.cota_requisicoes ?? 'do plano'}; req/s ${a.requisicoes_por_segundo ?? 'do plano'}`,
      );
    });
  });

  const rotateSecret = withControlPlaneOptions(
    keys
      .command('rotate-secret-key')
      .description(
        'cifra de novo todos os segredos de webhook com a chave configurada (SVC_SECRET_KEY ou SVC_SECRET_KEY_FILE); exige a chave anterior',
      )
      .requiredOption('--old-key-file <arquivo>', 'a chave com que os segredos estão cifrados hoje'),
  );
  withExamples(rotateSecret, [
    'SVC_SECRET_KEY_FILE=/etc/svc/nova.key svc keys rotate-secret-key --old-key-file /etc/svc/antiga.key',
    'SVC_SECRET_KEY_FILE=/etc/svc/secret.key svc keys rotate-secret-key --old-key-file data/secret.key',
  ]);
  rotateSecret.action(async (o: CommonOptions & { oldKeyFile: string }) => {
    const config = configFrom(o);
    const oldKey = secretKeyFromFile('--old-key-file', o.oldKeyFile);
    const url = config.databaseUrl;
    const r =
      url === undefined
        ? await keyChecked(async () =>
            rotateSecretKey(
              config.dataDir.controlDb,
              config.secretKey ?? keyFile(defaultKeyFile(config.dataDir.controlDb)),
              oldKey,
            ),
          )
        : await reachable(url, () => rotatePgSecretKey(url, sharedKey(config.secretKey), oldKey));
    if (o.json) return printJson(r);
    printLine(`segredos de webhook cifrados de novo: ${r.resselados}; chave ${r.de} → ${r.para}`);
  });

  // Usage errors of nested subcommands exit with code 2 like the top-level ones (see main.ts).
  for (const c of keys.commands) c.exitOverride();
}
