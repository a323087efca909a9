import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { completionScript, SHELLS, type Shell } from '../completion.js';
import { EXIT } from '../exit-codes.js';
import { withExamples } from '../program.js';

export function registerCompletion(program: Command): void {
  const cmd = program
    .command('completion')
    .description(`script de autocompletar do shell (${SHELLS.join(', ')}), gerado dos comandos desta versão`)
    .argument('<shell>', SHELLS.join(' | '));
  withExamples(cmd, [
    'svc completion bash > /etc/bash_completion.d/svc',
    'source <(svc completion zsh)   # em ~/.zshrc',
    'svc completion fish > ~/.config/fish/completions/svc.fish',
    'source <(svc completion bash)',
  ]);
  cmd.action((shell: string) => {
    if (!(SHELLS as readonly string[]).includes(shell))
      throw new CliError(`shell não suportado: "${shell}" (use ${SHELLS.join(', ')})`, EXIT.usage);
    process.stdout.write(completionScript(program, shell as Shell));
  });
}
