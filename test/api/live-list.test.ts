/**
 * The live list ahead of its snapshot (src/warehouse/live-list.ts): a publishing ingest writes the live matches as soon
 * as its load has written them, and `/v1/partidas/ao-vivo` lists them while the snapshot they will be is still being
 * published — with the bytes, ETag and `X-Snapshot` that snapshot sends once current. A round that fails withdraws
 * its list, a writer killed mid-round leaves one listed for LIVE_LIST_TTL_MS at most (the next ingest removes it), a
 * rollback removes it, and `?snapshot=` reads never see it.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { systemClock, type Clock } from '../../src/clock.js';
import { LIVE_LIST_TTL_MS } from '../../src/api/snapshot/snapshot-holder.js';
import type { PublishStep } from '../../src/warehouse/publish.js';
import { readLiveList } from '../../src/warehouse/live-list.js';
import { rollbackTo } from '../../src/warehouse/rollback.js';
import { readCurrentId } from '../../src/warehouse/snapshot-store.js';
import { LIVE_DAY, liveDayStep } from '../kit/fixtures.js';
import { ingestSqlite } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';
import { waitFor } from '../kit/wait.js';

const STEPS = readdirSync(LIVE_DAY)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** An ingest of `step` held at publishing step `at` until `release()`; `throwAt` makes the round fail there. */
function heldIngest(h: Harness, step: string, at: PublishStep, throwAt?: PublishStep) {
  let reached!: () => void;
  let release!: () => void;
  const held = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  const done = ingestSqlite({
    dataDir: h.dataDir,
    inputs: [liveDayStep(step)],
    atStep: async (s) => {
      if (s === at) {
        reached();
        await released;
      }
      if (s === throwAt) throw new Error(`round stopped at ${s}`);
    },
  });
  done.catch(() => undefined);
  return { held, release, done };
}

async function aoVivo(h: Harness, key: string, query = '') {
  const r = await h.get(`/v1/partidas/ao-vivo${query}`, key);
  assert.equal(r.status, 200, r.text);
  return { text: r.text, etag: r.headers.get('etag')!, snapshot: r.headers.get('x-snapshot')! };
}

describe('the live list ahead of its snapshot', () => {
  it('lists each live step before its snapshot is current, with the bytes and ETag that snapshot sends', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise');
      let shownAhead = 0;
      let changedAhead = 0;
      for (const step of STEPS) {
        const base = readCurrentId(h.dataDir)!;
        const before = await aoVivo(h, key);
        assert.equal(before.snapshot, base);
        const round = heldIngest(h, step, 'loaded');
        await round.held;
        // Committed in the candidate, nothing renamed: CURRENT still names the base.
        assert.equal(readCurrentId(h.dataDir), base);
        const list = readLiveList(h.dataDir.liveFile);
        let ahead: Awaited<ReturnType<typeof aoVivo>> | null = null;
        if (list?.base === base) {
          await waitFor(async () => (await aoVivo(h, key)).snapshot === list.snapshot, `${step}: the list listed`);
          ahead = await aoVivo(h, key);
          // `?snapshot=` is exact: the base as it was.
          assert.equal((await aoVivo(h, key, `?snapshot=${base}`)).etag, before.etag, step);
          shownAhead++;
          if (ahead.etag !== before.etag) changedAhead++;
        }
        round.release();
        const published = (await round.done).snapshot_id!;
        await waitFor(() => h.api.holder.current?.id === published, `${step}: the server swapping to ${published}`);
        const after = await aoVivo(h, key);
        assert.equal(after.snapshot, published);
        if (ahead) {
          assert.equal(ahead.snapshot, published, `${step}: the list names the snapshot it became`);
          assert.equal(after.etag, ahead.etag, `${step}: same ETag ahead and once current`);
          assert.equal(after.text, ahead.text, step);
        }
      }
      // Every step that moves a match writes a list; most of the day's steps change what is live.
      assert.ok(shownAhead >= 8, `lists shown ahead: ${shownAhead}`);
      assert.ok(changedAhead >= 4, `lists that changed /ao-vivo ahead of their snapshot: ${changedAhead}`);
    } finally {
      await h.cleanup();
    }
  });

  it('a round that fails withdraws its list; a writer killed mid-round is listed no longer than the TTL', async () => {
    // The server's clock: real time plus a skew the test moves (the TTL is on the server's clock).
    let skew = 0;
    const clock: Clock = { now: () => systemClock.now() + skew, setTimer: systemClock.setTimer };
    const h = await startHarness({ clock });
    try {
      const key = await h.key('enterprise');
      await ingestSqlite({ dataDir: h.dataDir, inputs: [liveDayStep('01-pre-jogo')] });
      const base = readCurrentId(h.dataDir)!;
      await waitFor(() => h.api.holder.current?.id === base, 'the server on the pre-match snapshot');
      const before = await aoVivo(h, key);
      const kept = path.join(h.dir, 'lista-guardada.json');

      // Fails after its list was listed: the list is withdrawn and the base listed again.
      const failing = heldIngest(h, '02-inicio', 'loaded', 'checkpointed');
      await failing.held;
      const list = readLiveList(h.dataDir.liveFile)!;
      assert.equal(list.base, base);
      await waitFor(async () => (await aoVivo(h, key)).snapshot === list.snapshot, 'the list listed');
      assert.notEqual((await aoVivo(h, key)).etag, before.etag, 'the kick-off shows ahead');
      copyFileSync(h.dataDir.liveFile, kept);
      failing.release();
      await assert.rejects(failing.done, /round stopped at checkpointed/);
      assert.equal(existsSync(h.dataDir.liveFile), false, 'withdrawn');
      await waitFor(async () => (await aoVivo(h, key)).snapshot === base, 'the base listed again');
      assert.equal((await aoVivo(h, key)).etag, before.etag);
      assert.equal(readCurrentId(h.dataDir), base);

      // A writer killed between its list and CURRENT leaves the list behind: listed until the TTL runs out.
      copyFileSync(kept, h.dataDir.liveFile);
      await waitFor(async () => (await aoVivo(h, key)).snapshot === list.snapshot, 'the dead writer’s list listed');
      skew += LIVE_LIST_TTL_MS + 1;
      const expired = await aoVivo(h, key);
      assert.equal(expired.snapshot, base);
      assert.equal(expired.etag, before.etag);
      // The next ingest removes it, even one that publishes nothing.
      const again = await ingestSqlite({ dataDir: h.dataDir, inputs: [liveDayStep('01-pre-jogo')] });
      assert.equal(again.nada_mudou, true);
      assert.equal(existsSync(h.dataDir.liveFile), false, 'removed by the next ingest');

      // A list that is not one (cut short, hand-edited) is ignored: the current snapshot is listed.
      writeFileSync(h.dataDir.liveFile, '{"base": "');
      await waitFor(async () => (await aoVivo(h, key)).etag === before.etag, 'a broken list ignored');
      assert.equal((await aoVivo(h, key)).snapshot, base);
      rmSync(h.dataDir.liveFile);

      // A rollback lists the snapshot it returns to, not a list ahead of the one it leaves.
      const next = await ingestSqlite({ dataDir: h.dataDir, inputs: [liveDayStep('02-inicio')] });
      copyFileSync(kept, h.dataDir.liveFile);
      rollbackTo(h.dataDir, base);
      assert.equal(existsSync(h.dataDir.liveFile), false, 'removed by the rollback');
      assert.notEqual(next.snapshot_id, base);
    } finally {
      await h.cleanup();
    }
  });

  it('a round that also removes a live match lists what its snapshot holds, not the match it removes', async () => {
    const h = await startHarness();
    const feed = path.join(h.dataDir.root, 'gol-e-remocao.json');
    try {
      const key = await h.key('enterprise');
      await ingestSqlite({ dataDir: h.dataDir, inputs: [liveDayStep('02-inicio')] });
      // The live day's goal and, in the same round, the other live match removed.
      const goal = JSON.parse(readFileSync(liveDayStep('03-gol'), 'utf8')) as Record<string, unknown>;
      writeFileSync(
        feed,
        JSON.stringify({ ...goal, remocoes: [{ entidade: 'partida', id: 'sa26-r34-cor-sao', fonte: 'demo' }] }),
      );
      const summary = await ingestSqlite({ dataDir: h.dataDir, inputs: [feed] });
      const list = readLiveList<{ id: number; slug: string }>(h.dataDir.liveFile);
      assert.equal(list?.snapshot, summary.snapshot_id);
      await waitFor(() => h.api.holder.current?.id === summary.snapshot_id, 'the round published and served');
      const served = JSON.parse((await aoVivo(h, key)).text) as { data: { id: number }[] };
      assert.deepEqual(
        list?.partidas.map((p) => p.recurso.id),
        served.data.map((p) => p.id),
      );
      assert.ok(!list?.partidas.some((p) => p.recurso.slug.startsWith('corinthians-sao-paulo')), 'the removed match');
    } finally {
      await h.cleanup();
    }
  });

  it('a list that cannot be written costs only the head start: the round still publishes', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise');
      // The list's temp name taken by a folder: writing it fails as on a full disk.
      mkdirSync(`${h.dataDir.liveFile}.tmp`);
      const summary = await ingestSqlite({ dataDir: h.dataDir, inputs: [liveDayStep('02-inicio')] });
      assert.equal(existsSync(h.dataDir.liveFile), false);
      await waitFor(() => h.api.holder.current?.id === summary.snapshot_id, 'the step published and served');
      assert.equal((await aoVivo(h, key)).snapshot, summary.snapshot_id);
    } finally {
      await h.cleanup();
    }
  });
});
