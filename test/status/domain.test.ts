import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dayHistory, statusFromImpact, uptimePercent, worst, worstOf, DAY_MS } from '../../src/domain/status.js';
import { compareSemver, isSemver, parseSemver } from '../../src/domain/semver.js';

describe('domain/status', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const today = Math.floor(now / DAY_MS);

  it('orders states operational < maintenance < degraded < outage', () => {
    assert.equal(worst('operational', 'degraded'), 'degraded');
    assert.equal(worst('outage', 'degraded'), 'outage');
    assert.equal(worst('maintenance', 'operational'), 'maintenance');
    assert.equal(worstOf([]), 'operational');
    assert.equal(worstOf(['operational', 'maintenance', 'degraded']), 'degraded');
  });

  it('maps incident impact to a component status', () => {
    assert.equal(statusFromImpact('none'), 'operational');
    assert.equal(statusFromImpact('minor'), 'degraded');
    assert.equal(statusFromImpact('major'), 'outage');
    assert.equal(statusFromImpact('critical'), 'outage');
  });

  it('history: one entry per day, oldest first, worst of the day, no_data when empty', () => {
    const h = dayHistory(
      [
        { day: today, status: 'operational', n: 5 },
        { day: today, status: 'degraded', n: 1 },
        { day: today - 2, status: 'outage', n: 1 },
        { day: today - 30, status: 'outage', n: 9 }, // outside 30 days
        { day: today + 1, status: 'outage', n: 9 }, // future
        { day: today - 1, status: 'outage', n: 0 }, // empty count
      ],
      now,
      30,
    );
    assert.equal(h.length, 30);
    assert.equal(h[29], 'degraded');
    assert.equal(h[28], 'no_data');
    assert.equal(h[27], 'outage');
    assert.ok(h.slice(0, 27).every((d) => d === 'no_data'));
  });

  it('uptime: share of probes that were not an outage', () => {
    assert.equal(uptimePercent([]), 100);
    assert.equal(uptimePercent([{ day: 1, status: 'operational', n: 2 }, { day: 1, status: 'outage', n: 1 }]), 66.667);
    assert.equal(uptimePercent([{ day: 1, status: 'degraded', n: 3 }]), 100);
    assert.equal(uptimePercent([{ day: 1, status: 'outage', n: 3 }]), 0);
    assert.equal(uptimePercent([{ day: 1, status: 'operational', n: 43199 }, { day: 2, status: 'outage', n: 1 }]), 99.998);
  });
});

describe('domain/semver', () => {
  it('accepts only vMAJOR.MINOR.PATCH', () => {
    for (const ok of ['v0.0.1', 'v2.3.0', 'v10.20.30']) assert.ok(isSemver(ok), ok);
    for (const bad of ['2.3.0', 'v2.3', 'v02.3.0', 'v2.3.0-beta', 'v2.3.0 ', 'V2.3.0']) assert.ok(!isSemver(bad), bad);
    assert.throws(() => parseSemver('x'));
  });

  it('compares numerically', () => {
    assert.ok(compareSemver('v1.10.0', 'v1.9.9') > 0);
    assert.ok(compareSemver('v2.0.0', 'v1.99.99') > 0);
    assert.equal(compareSemver('v2.3.0', 'v2.3.0'), 0);
    assert.deepEqual(['v1.2.1', 'v2.0.0', 'v1.10.0', 'v1.2.0'].sort(compareSemver), ['v1.2.0', 'v1.2.1', 'v1.10.0', 'v2.0.0']);
  });
});
