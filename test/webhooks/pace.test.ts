/** The time budget's rules (src/areas/webhooks/pace.ts), the slots' view of slow and new endpoints, and its settings. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DeliverySlots, slotLimits, timeBudget } from '../../src/areas/webhooks/claim.js';
import { attemptsAllowed, effectiveLatency, latencyUpdate, nextLatency, paceOf, poolCaps, shouldRecordLatency } from '../../src/areas/webhooks/pace.js';

const cfg = { slowMs: 1000, perEndpoint: 4 };

describe('delivery time budget rules', () => {
  it('an endpoint holds slots in proportion to how fast it answers, at least one', () => {
    assert.equal(attemptsAllowed(null, cfg), 4, 'not timed yet: its bound');
    assert.equal(attemptsAllowed(30, cfg), 4);
    assert.equal(attemptsAllowed(999, cfg), 4);
    assert.equal(attemptsAllowed(1000, cfg), 4, 'four attempts of one second: the budget exactly');
    assert.equal(attemptsAllowed(1500, cfg), 2);
    assert.equal(attemptsAllowed(2000, cfg), 2);
    assert.equal(attemptsAllowed(4001, cfg), 1);
    assert.equal(attemptsAllowed(12_000, cfg), 1, 'a slow endpoint still makes progress');
    assert.equal(paceOf(null, 1000), 'new');
    assert.equal(paceOf(999, 1000), 'fast');
    assert.equal(paceOf(1000, 1000), 'slow');
  });

  it('each pool keeps a reserve from slow endpoints, and half of it from new ones', () => {
    assert.deepEqual(poolCaps(64, 0.25), { slow: 48, unproven: 56 });
    assert.deepEqual(poolCaps(32, 0.25), { slow: 24, unproven: 28 });
    assert.deepEqual(poolCaps(8, 0.25), { slow: 6, unproven: 7 });
    assert.deepEqual(poolCaps(4, 0.25), { slow: 3, unproven: 4 });
    assert.deepEqual(poolCaps(1, 0.25), { slow: 1, unproven: 1 }, 'one slot: slow endpoints must still progress');
    assert.deepEqual(poolCaps(2, 0.9), { slow: 1, unproven: 2 }, 'never the whole pool reserved');
    assert.deepEqual(poolCaps(64, 0), { slow: 64, unproven: 64 }, 'no reserve');
  });

  it('an attempt in flight longer than the threshold makes its endpoint slow at once', () => {
    assert.equal(effectiveLatency(30, 400, 1000), 30);
    assert.equal(effectiveLatency(30, 1500, 1000), 1500);
    assert.equal(effectiveLatency(null, 999, 1000), null);
    assert.equal(effectiveLatency(null, 1000, 1000), 1000);
    assert.equal(effectiveLatency(12_000, 1500, 1000), 12_000);
  });

  it('the mean: the first duration, then each one weighs 0.3; several at once as one by one', () => {
    assert.equal(nextLatency(null, [2500]), 2500);
    assert.equal(nextLatency(30, [12_000]), Math.round(30 * 0.7 + 0.3 * 12_000));
    assert.equal(nextLatency(2500, [100, 100]), Math.round(2500 * 0.49 + 0.3 * 100 * 0.7 + 0.3 * 100));
    const one = nextLatency(nextLatency(nextLatency(800, [40]), [3000]), [20]);
    assert.ok(Math.abs(nextLatency(800, [40, 3000, 20]) - one) <= 1);
    assert.equal(latencyUpdate([10, 20]).first, Math.round(10 + 0.3 * 10));
    // Eight fast answers bring a 12 s endpoint under one second.
    assert.ok(nextLatency(12_000, Array(8).fill(20)) < 1000);
    assert.ok(nextLatency(12_000, Array(7).fill(20)) >= 1000);
  });

  it('a fast endpoint that stays fast is not written', () => {
    assert.equal(shouldRecordLatency(null, [20], 1000), true, 'the first timing');
    assert.equal(shouldRecordLatency(30, [20, 40, 499], 1000), false);
    assert.equal(shouldRecordLatency(30, [20, 500], 1000), true);
    assert.equal(shouldRecordLatency(500, [20], 1000), true, 'a mean on its way up or down');
  });
});

describe('delivery slots: slow and new endpoints held', () => {
  it('counts each endpoint by its pace, an old attempt in flight counting as slow; releases the slot given', () => {
    const limits = slotLimits({ webhookSlotsPerEndpoint: 4, webhookSandboxShare: 0.5 }, 16);
    const s = new DeliverySlots(limits, timeBudget(limits, { webhookSlowMs: 1000, webhookFastReserve: 0.25 }));
    assert.deepEqual(s.budget.all, { slow: 12, unproven: 14 });
    assert.deepEqual(s.budget.sandbox, { slow: 6, unproven: 7 });
    const now = performance.now();
    s.take('slow', 'test', 12_000, now);
    s.take('new', 'live', null, now);
    s.take('new', 'live', null, now);
    const fastOld = s.take('fast', 'test', 30, now - 1500);
    s.take('fast', 'test', 30, now);
    s.take('fast2', 'live', 30, now);
    // `fast` has an attempt in flight for 1.5 s: slow from now on, with both its slots.
    assert.deepEqual(s.paceHeld(now), { slow: 3, unproven: 5, slowSandbox: 3, unprovenSandbox: 3 });
    assert.equal(s.latencyOf('fast', 'test', undefined, now), 1500);
    s.release('fast', 'test', fastOld);
    assert.equal(s.latencyOf('fast', 'test', undefined, now), 30);
    assert.deepEqual(s.paceHeld(now), { slow: 1, unproven: 3, slowSandbox: 1, unprovenSandbox: 1 });
    assert.equal(s.heldBy('fast', 'test'), 1);
    // The claim's fresher reading of an endpoint's mean replaces the one it took its slots with.
    assert.equal(s.latencyOf('new', 'live', 2000, now), 2000);
    assert.deepEqual(s.paceHeld(now), { slow: 3, unproven: 3, slowSandbox: 1, unprovenSandbox: 1 });
    assert.deepEqual(s.snapshot(), { total: 5, sandbox: 2, maxPerEndpoint: 2 });
  });

  it('an attempt that ended counts before its outcome is written: the next claim does not take the endpoint for a new one', () => {
    const limits = slotLimits({ webhookSlotsPerEndpoint: 4, webhookSandboxShare: 0.5 }, 16);
    const s = new DeliverySlots(limits, timeBudget(limits, { webhookSlowMs: 1000, webhookFastReserve: 0.25 }));
    const now = performance.now();
    const h = s.take('p', 'test', null, now - 12_000);
    s.release('p', 'test', h, 12_000, now);
    // Its row still says never timed (null): what ended here says 12 s, so it gets one slot, and none of the reserve.
    assert.equal(s.latencyOf('p', 'test', null, now), 12_000);
    assert.equal(attemptsAllowed(s.latencyOf('p', 'test', null, now), s.budget), 1);
    // Once the row says it, the row wins (another process may have timed it since).
    assert.equal(s.latencyOf('p', 'test', 3000, now), 3000);
    // Forgotten after a while: by then the row has it.
    assert.equal(s.latencyOf('p', 'test', null, now + 10_001), null);
    // Several answers: the mean, as the row would have it.
    const a = s.take('q', 'live', null, now);
    const b = s.take('q', 'live', null, now);
    s.release('q', 'live', a, 2000, now);
    s.release('q', 'live', b, 4000, now);
    assert.equal(s.latencyOf('q', 'live', null, now), nextLatency(null, [2000, 4000]));
  });

  it('the settings: defaults and refusals', () => {
    const c = loadConfig({});
    assert.equal(c.webhookSlowMs, 1000);
    assert.equal(c.webhookFastReserve, 0.25);
    assert.equal(loadConfig({ WEBHOOK_FAST_RESERVE: '0' }).webhookFastReserve, 0);
    for (const env of [{ WEBHOOK_FAST_RESERVE: '1' }, { WEBHOOK_FAST_RESERVE: '-0.1' }, { WEBHOOK_FAST_RESERVE: 'a quarter' }, { WEBHOOK_SLOW_MS: '0' }, { WEBHOOK_SLOW_MS: '1.5' }]) {
      assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(env));
    }
  });
});
