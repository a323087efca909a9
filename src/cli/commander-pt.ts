import { type Argument, type Command, type CommanderError, Help, type Option } from 'commander';

/**
 * The CLI speaks Portuguese like the API and the TUI: commander's own help words and usage errors are English,
 * so they are replaced here (help through `configureHelp`, errors by translating the CommanderError the
 * program throws under `exitOverride`). Flag names stay as they are.
 */
const TITLES: Record<string, string> = {
  'Usage:': 'Uso:',
  'Arguments:': 'Argumentos:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Global Options:': 'Opções globais:',
};

const placeholders = (usage: string): string =>
  usage.replace('[options]', '[opções]').replace('[command]', '[comando]');

function extras(item: Option | Argument, showDefault: boolean, envVar?: string): string {
  const info = [
    ...(item.argChoices ? [`valores: ${item.argChoices.join(', ')}`] : []),
    ...(showDefault && item.defaultValue !== undefined
      ? [`padrão: ${item.defaultValueDescription ?? JSON.stringify(item.defaultValue)}`]
      : []),
    ...(envVar !== undefined ? [`variável: ${envVar}`] : []),
  ];
  return [item.description, info.length > 0 ? `(${info.join('; ')})` : ''].filter(Boolean).join(' ');
}

/** Makes `program` (and every subcommand created after this call, which inherit it) speak Portuguese. */
export function speakPortuguese(program: Command): Command {
  return (
    program
      .configureHelp({
        styleTitle: (title) => TITLES[title] ?? title,
        commandUsage(cmd) {
          return placeholders(Help.prototype.commandUsage.call(this, cmd));
        },
        subcommandTerm(cmd) {
          return placeholders(Help.prototype.subcommandTerm.call(this, cmd));
        },
        // Like commander's, but a boolean flag's `false` default is noise for a user.
        optionDescription: (o) => extras(o, o.required || o.optional, o.envVar),
        argumentDescription: (a) => extras(a, true),
      })
      .helpOption('-h, --help', 'mostra esta ajuda')
      .helpCommand('help [comando]', 'mostra a ajuda de um comando')
      // Errors are printed once, translated, by the program's error report (so `--json` can print them too).
      .configureOutput({ outputError: () => {} })
  );
}

const suggestion = (text: string): string => {
  const m = /\(Did you mean (one of )?(.+)\?\)/.exec(text);
  return m ? ` (quis dizer ${m[1] ? 'um de ' : ''}${m[2]}?)` : '';
};

/** Why commander rejected a value: its choices list, or our own parser's (already Portuguese) reason. */
const reason = (text: string): string => {
  const m = /^Allowed choices are (.+)\.$/s.exec(text.trim());
  return m ? `use ${m[1]}` : text.trim().replace(/\.$/, '');
};

const MESSAGES: [RegExp, (m: string[], text: string) => string][] = [
  [/^error: unknown option '([^']+)'/, (m, t) => `opção desconhecida: ${m[1]}${suggestion(t)}`],
  [/^error: unknown command '([^']+)'/, (m, t) => `comando desconhecido: ${m[1]}${suggestion(t)}`],
  [/^error: missing required argument '([^']+)'/, (m) => `falta o argumento obrigatório <${m[1]}>`],
  [/^error: option '([^']+)' argument missing/, (m) => `a opção ${m[1]} precisa de um valor`],
  [/^error: required option '([^']+)' not specified/, (m) => `falta a opção obrigatória ${m[1]}`],
  [
    /^error: too many arguments(?: for '([^']+)')?\. Expected (\d+) arguments? but got (\d+)\./,
    (m) => `argumentos demais${m[1] ? ` para ${m[1]}` : ''}: esperado(s) ${m[2]}, recebido(s) ${m[3]}`,
  ],
  [
    /^error: option '([^']+)' argument '([^']*)' is invalid\.(.*)$/s,
    (m) => `valor inválido para ${m[1]}: "${m[2]}" (${reason(m[3]!)})`,
  ],
  [
    /^error: option '([^']+)' value '([^']*)' from env '([^']+)' is invalid\.(.*)$/s,
    (m) => `valor inválido em ${m[3]} para ${m[1]}: "${m[2]}" (${reason(m[4]!)})`,
  ],
  [
    /^error: command-argument value '([^']*)' is invalid for argument '([^']+)'\.(.*)$/s,
    (m) => `valor inválido para <${m[2]}>: "${m[1]}" (${reason(m[3]!)})`,
  ],
];

/** One Portuguese line for a commander usage error (unknown texts pass through without the "error: "). */
export function commanderMessage(err: CommanderError): string {
  for (const [pattern, render] of MESSAGES) {
    const m = pattern.exec(err.message);
    if (m) return render(m, err.message);
  }
  return err.message.replace(/^error: /, '').split('\n')[0]!;
}
