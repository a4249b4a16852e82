/** The circuit breaker's rules (pure) and the settings that shape it and the delivery slots. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { afterAttempt, claimable, CLOSED, isBreakerFailure, openPeriodMs, visibleCircuit, type Circuit } from '../../src/areas/webhooks/circuit.js';
import { DeliverySlots, slotLimits } from '../../src/areas/webhooks/claim.js';
import { ConfigError, loadConfig } from '../../src/config.js';

const cfg = { webhookBreakerFailures: 3, webhookBreakerOpenMs: 30_000, webhookBreakerMaxOpenMs: 600_000 };

describe('circuit breaker rules', () => {
  it('opens at the N-th failure in a row; an answer in between starts the count again', () => {
    let c: Circuit = CLOSED;
    c = afterAttempt(c, true, 1000, cfg);
    c = afterAttempt(c, true, 1000, cfg);
    assert.equal(c.circuit_state, 'closed');
    c = afterAttempt(c, false, 1000, cfg);
    assert.deepEqual(c, CLOSED);
    for (let i = 0; i < 3; i++) c = afterAttempt(c, true, 2000, cfg);
    assert.deepEqual(c, { circuit_state: 'open', circuit_failures: 3, circuit_trips: 1, circuit_retry_at: 32_000, circuit_probe_until: null });
    // An attempt that started before it opened: counted, the open period stays.
    c = afterAttempt(c, true, 2500, cfg);
    assert.equal(c.circuit_retry_at, 32_000);
    assert.equal(c.circuit_failures, 4);
  });

  it('a failed probe opens it again for twice as long, up to the cap; a good one closes it', () => {
    let c: Circuit = { ...CLOSED, circuit_state: 'open', circuit_failures: 3, circuit_trips: 1, circuit_retry_at: 0 };
    const periods: number[] = [];
    for (let i = 0; i < 8; i++) {
      c = afterAttempt({ ...c, circuit_state: 'half_open', circuit_probe_until: 99 }, true, 1_000_000, cfg);
      assert.equal(c.circuit_state, 'open');
      assert.equal(c.circuit_probe_until, null);
      periods.push(c.circuit_retry_at! - 1_000_000);
    }
    assert.deepEqual(periods, [60_000, 120_000, 240_000, 480_000, 600_000, 600_000, 600_000, 600_000]);
    assert.deepEqual(afterAttempt({ ...c, circuit_state: 'half_open' }, false, 2_000_000, cfg), CLOSED);
    assert.equal(openPeriodMs(cfg, 0), 30_000);
    assert.equal(openPeriodMs(cfg, 1000), 600_000);
  });

  it('what counts as a failure: no answer, 5xx, 429; not 2xx, 3xx or other 4xx', () => {
    assert.equal(isBreakerFailure({ ok: false, statusCode: null }), true);
    assert.equal(isBreakerFailure({ ok: false, statusCode: 503 }), true);
    assert.equal(isBreakerFailure({ ok: false, statusCode: 429 }), true);
    assert.equal(isBreakerFailure({ ok: false, statusCode: 404 }), false);
    assert.equal(isBreakerFailure({ ok: false, statusCode: 301 }), false);
    assert.equal(isBreakerFailure({ ok: true, statusCode: 204 }), false);
  });

  it('when events may be claimed, and what the partner sees', () => {
    const open: Circuit = { ...CLOSED, circuit_state: 'open', circuit_failures: 5, circuit_trips: 1, circuit_retry_at: 10_000 };
    assert.equal(claimable(CLOSED, 0), 'yes');
    assert.equal(claimable(open, 9_999), 'no');
    assert.equal(claimable(open, 10_000), 'probe');
    assert.equal(claimable({ ...open, circuit_state: 'half_open', circuit_probe_until: 20_000 }, 15_000), 'no', 'a probe is out');
    assert.equal(claimable({ ...open, circuit_state: 'half_open', circuit_probe_until: 20_000 }, 20_000), 'probe', 'its holder is gone');
    assert.deepEqual(visibleCircuit(open, 9_999), { state: 'open', failures: 5, retry_at: 10_000 });
    assert.deepEqual(visibleCircuit(open, 10_000), { state: 'half_open', failures: 5, retry_at: 10_000 });
    assert.deepEqual(visibleCircuit(CLOSED, 0), { state: 'closed', failures: 0, retry_at: null });
  });
});

describe('delivery slots', () => {
  it('bounds an endpoint, the sandbox share and the total', () => {
    const s = new DeliverySlots(slotLimits({ webhookSlotsPerEndpoint: 4, webhookSandboxShare: 0.5 }, 8));
    assert.deepEqual(s.limits, { total: 8, perEndpoint: 4, sandbox: 4 });
    for (let i = 0; i < 4; i++) s.take('p1', 'test');
    assert.equal(s.freeFor('test'), 0);
    assert.equal(s.freeFor('live'), 4);
    assert.equal(s.heldBy('p1', 'test'), 4);
    s.take('p2', 'live');
    assert.equal(s.free(), 3);
    s.release('p1', 'test');
    assert.equal(s.freeFor('test'), 1);
    assert.deepEqual(s.snapshot(), { total: 4, sandbox: 3, maxPerEndpoint: 3 });
    // A share below one slot still leaves sandbox one.
    assert.equal(slotLimits({ webhookSlotsPerEndpoint: 4, webhookSandboxShare: 0.1 }, 4).sandbox, 1);
  });

  it('the settings: defaults and refusals', () => {
    const c = loadConfig({});
    assert.equal(c.webhookSlots, 64);
    assert.equal(c.webhookSlotsPerEndpoint, 4);
    assert.equal(c.webhookSandboxShare, 0.5);
    assert.equal(c.webhookBreakerFailures, 5);
    assert.equal(c.webhookBreakerOpenMs, 30_000);
    assert.equal(c.webhookBreakerMaxOpenMs, 600_000);
    assert.equal(loadConfig({ WEBHOOK_BREAKER_OPEN_MS: '900000' }).webhookBreakerMaxOpenMs, 900_000, 'the cap follows a longer first period');
    for (const env of [
      { WEBHOOK_SANDBOX_SHARE: '0' },
      { WEBHOOK_SANDBOX_SHARE: '1.5' },
      { WEBHOOK_SANDBOX_SHARE: 'half' },
      { WEBHOOK_SLOTS: '0' },
      { WEBHOOK_SLOTS_PER_ENDPOINT: '-1' },
      { WEBHOOK_BREAKER_FAILURES: '0' },
      { WEBHOOK_BREAKER_OPEN_MS: '60000', WEBHOOK_BREAKER_MAX_OPEN_MS: '30000' },
    ]) {
      assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(env));
    }
  });
});
