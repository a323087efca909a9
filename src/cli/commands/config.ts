import type { Command } from 'commander';
import { loadConfig, resolveSettings, SETTINGS, shownValue, type SettingSource } from '../../config.js';
import { formatTable, printJson, printLine } from '../output.js';
import { withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';

const SOURCE_TEXT: Record<SettingSource, string> = {
  flag: 'opção',
  env: 'ambiente',
  file: 'arquivo',
  default: 'padrão',
};

export function registerConfig(program: Command): void {
  const config = program.command('config').description('mostra as configurações em vigor; valida um svc.toml');
  withExamples(config, ['svc config show --config /etc/svc/svc.toml', 'svc config check /etc/svc/svc.toml']);

  const show = withControlPlaneOptions(
    config
      .command('show')
      .description(
        'as configurações em vigor e de onde veio cada uma (opção > ambiente > arquivo > padrão); segredos mascarados',
      ),
  );
  withExamples(show, ['svc config show', 'SVC_CONFIG=/etc/svc/svc.toml svc config show --json']);
  show.action((o: CommonOptions) => {
    // Validated first: a bad value anywhere is the same one-line error the other commands would give.
    loadConfig(o);
    const { file, settings } = resolveSettings(o);
    const rows = SETTINGS.map((spec) => {
      const s = settings[spec.key]!;
      return {
        chave: spec.key,
        valor: shownValue(spec, s),
        fonte: SOURCE_TEXT[s.source],
        origem: s.source === 'default' ? null : s.where,
      };
    });
    if (o.json) return printJson({ arquivo: file ?? null, configuracoes: rows });
    printLine(`arquivo de configuração: ${file ?? 'nenhum (--config ou SVC_CONFIG)'}`);
    printLine(
      formatTable(
        ['chave', 'valor', 'origem'],
        rows.map((r) => [r.chave, r.valor, r.origem === null ? r.fonte : `${r.fonte} ${r.origem}`]),
      ),
    );
  });

  const check = config
    .command('check')
    .description('valida um svc.toml: chaves conhecidas, valores e arquivos que ele nomeia; sem o ambiente')
    .argument('<arquivo>', 'o svc.toml')
    .option('--json', 'saída para máquinas: JSON de uma linha no stdout', false);
  withExamples(check, ['svc config check /etc/svc/svc.toml']);
  check.action((file: string, o: { json?: boolean }) => {
    // The environment is left out: the file is checked as it would act on a machine that sets nothing else.
    loadConfig({ config: file }, {});
    const { settings } = resolveSettings({ config: file }, {});
    const keys = SETTINGS.filter((spec) => settings[spec.key]!.source === 'file').map((spec) => spec.key);
    if (o.json) return printJson({ arquivo: file, chaves: keys });
    printLine(
      `${file}: ok (${keys.length} ${keys.length === 1 ? 'chave' : 'chaves'}${keys.length ? `: ${keys.join(', ')}` : ''})`,
    );
  });

  // Usage errors of nested subcommands exit with code 2 like the top-level ones (see keys.ts).
  for (const c of config.commands) c.exitOverride();
}
