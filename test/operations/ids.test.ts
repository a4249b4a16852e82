/** Identifiers: ULID layout, time-sortable, monotonic within a millisecond and across a clock step back. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../../src/lib/ids.js';
import { iso } from '../../src/lib/time.js';

describe('newId', () => {
  it('is <prefix>_ + 10 time characters + 16 random ones in Crockford base32', () => {
    const id = newId('calc', Date.parse('2026-11-21T12:00:00.000Z'));
    assert.match(id, /^calc_[0-9a-hjkmnp-tv-z]{26}$/);
    assert.equal(id.slice(5, 15), newId('x', Date.parse('2026-11-21T12:00:00.000Z')).slice(2, 12));
  });

  it('sorts in the order ids were made: same millisecond, later milliseconds, and a clock that steps back', () => {
    const t = Date.parse('2026-11-21T12:00:01.000Z');
    const ids = [
      ...Array.from({ length: 500 }, () => newId('evt', t)),
      ...Array.from({ length: 50 }, (_, i) => newId('evt', t + 1 + i)),
      ...Array.from({ length: 50 }, () => newId('evt', t - 5_000)),
    ];
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...ids].sort(), ids);
    // Ids made after a step back keep the last time seen.
    assert.equal(ids[ids.length - 1].slice(4, 14), ids[549].slice(4, 14));
  });
});

describe('iso', () => {
  it('formats instants (the remembered last one is not reused for another)', () => {
    assert.equal(iso(0), '1970-01-01T00:00:00.000Z');
    assert.equal(iso(0), '1970-01-01T00:00:00.000Z');
    assert.equal(iso(1_795_305_600_123), '2026-11-22T00:00:00.123Z');
    assert.throws(() => iso(Number.NaN), RangeError);
  });
});
