import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

/** The skip reason when `shell` is not installed here, else false. */
const absent = (shell: string): string | false =>
  spawnSync(shell, ['-c', 'exit 0']).error
    ? `${shell} não está instalado (apt-get install ${shell}); teste pulado`
    : false;

/** What each shell completes after these words, one candidate a line, as the shell itself answers. */
const CASES: [string[], string[]][] = [
  [['keys', 'cr'], ['create']],
  [['--data-dir', '/x', 'keys', 'create', '--acc'], ['--account']],
  [
    ['config', ''],
    ['show', 'check', '--help'],
  ],
  [['doctor', '--ke'], ['--keep']],
  [['completion', '--h'], ['--help']],
];

describe('svc completion bash|zsh|fish: generated from the commands', () => {
  const tmp = tempDir('svc-completion-');
  const scripts: Record<string, string> = {};
  before(async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await runSvcInProcess(['completion', shell]);
      assert.equal(r.code, 0, r.stderr);
      scripts[shell] = path.join(tmp.dir, `svc.${shell}`);
      writeFileSync(scripts[shell], r.stdout);
    }
  });
  after(() => tmp.cleanup());

  const bashLike = (shell: 'bash' | 'zsh', words: string[]): string[] => {
    const array = ['svc', ...words].map((w) => `'${w}'`).join(' ');
    const setup =
      shell === 'zsh'
        ? // bashcompinit's own call emulates sh (0-based arrays); done here by hand, outside a completion widget.
          `autoload -U compinit && compinit -u; source ${scripts.zsh}; emulate sh;`
        : `source ${scripts.bash};`;
    const r = spawnSync(
      shell,
      [
        '-c',
        `${setup} COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _svc_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8', cwd: tmp.dir },
    );
    assert.equal(r.status, 0, r.stderr);
    // zsh's compgen leaves matching the typed word to zsh's own completion, which does it after.
    const typed = words.at(-1) ?? '';
    return r.stdout.split('\n').filter((w) => w !== '' && w.startsWith(typed));
  };

  for (const shell of ['bash', 'zsh'] as const) {
    it(`${shell}: subcommands and options of the command typed so far`, { skip: absent(shell) }, () => {
      for (const [words, expected] of CASES) assert.deepEqual(bashLike(shell, words), expected, words.join(' '));
      assert.ok(bashLike(shell, ['']).includes('doctor'));
    });
  }

  it('fish: the same, with descriptions', { skip: absent('fish') }, () => {
    for (const [words, expected] of CASES) {
      const line = ['svc', ...words].join(' ');
      const r = spawnSync('fish', ['-c', `source ${scripts.fish}; complete -C '${line}'`], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const got = r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]);
      // fish offers options only once the word starts with a dash.
      const offered = expected.filter((w) => !w.startsWith('-') || (words.at(-1) ?? '').startsWith('-'));
      assert.deepEqual(got.sort(), offered.sort(), line);
    }
  });

  it('an unknown shell is one line and exit 2', async () => {
    const r = await runSvcInProcess(['completion', 'powershell']);
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr, 'svc: shell não suportado: "powershell" (use bash, zsh, fish)\n');
  });
});
