import type { AccountsStore } from '../../control/accounts-store.js';
import type { PlansConfig } from '../../control/plans.js';
import { resolveKey } from '../middleware/auth.js';
import type { StreamHub } from './stream-hub.js';

/**
 * Keeps open streams bound to their keys: every `intervalMs` (the key cache's interval, so a stream follows a
 * key change as soon as a request would) it reads the keys of the open streams and ends those revoked,
 * rotated or given another plan or championships since they opened. While the control plane does not
 * answer, streams go on: the next round checks again.
 */
export class StreamKeyWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly hub: StreamHub,
    private readonly accounts: AccountsStore,
    private readonly plans: PlansConfig,
    private readonly intervalMs: number,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.check().finally(() => {
        this.running = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    const ids = this.hub.keyIds();
    if (ids.length === 0) return;
    try {
      const found = await this.accounts.activeKeys(ids);
      const current = new Map(found.map((f) => [f.key.id, resolveKey(f.key, f.account, this.plans).auth]));
      const ended = this.hub.endChanged(current);
      if (ended > 0) this.log('streams_encerrados', { motivo: 'chave alterada', streams: ended });
    } catch (err) {
      this.log('streams_chaves_nao_lidas', { erro: err instanceof Error ? err.message : String(err) });
    }
  }
}
