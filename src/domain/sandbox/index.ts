/** Pure sandbox generators (no I/O): seeded PRNG, the per-user financial model, the cash-flow forecast. */
export * from './prng.js';
export * from './dates.js';
export * from './model.js';
export * from './cashflow.js';
