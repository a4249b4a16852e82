/**
 * Keys the service keeps in its own database (service_keys), sealed under SECRETS_KEY.
 *
 * The end-user pseudonym key: erasures store keyed pseudonyms (src/areas/metering/erasure.ts) and later
 * flushes compare against them, so the key must not change when SECRETS_KEY is rotated. It was derived
 * from SECRETS_KEY; a database that has none stored gets that same derived key, stored once, and from
 * then on every process reads it from here. Reading it at start is also the start's check that
 * SECRETS_KEY (or SECRETS_KEY_PREVIOUS during a rotation) is the key this database was sealed with.
 */
import type { Deps } from '../../context.js';
import { UnreadableSealedValue } from '../../lib/crypto.js';
import { sealedIngestSecretsPage } from '../partners/repo.js';
import { insertServiceKeyIfMissing, serviceKey } from './repo.js';

const PSEUDONYM = 'pseudonym';

/** Reads (and on a database without one, stores) the pseudonym key, and gives it to deps.secrets. */
export async function loadServiceKeys(deps: Pick<Deps, 'database' | 'secrets' | 'clock'>): Promise<void> {
  const db = deps.database.db;
  let row = await serviceKey(db, PSEUDONYM);
  if (!row) {
    // Stored once, from the key the data was sealed with: refuse to store one derived from a wrong key.
    const sample = await sealedIngestSecretsPage(db, null, 1);
    if (sample.length > 0) openOrExplain(deps, sample[0].sealed);
    const derived = deps.secrets.derivedPseudonymKey().toString('base64url');
    await insertServiceKeyIfMissing(db, { name: PSEUDONYM, value_enc: deps.secrets.seal(derived), created_at: deps.clock.now() });
    row = await serviceKey(db, PSEUDONYM);
    if (!row) throw new Error('the pseudonym key could not be stored in service_keys');
  }
  const value = openOrExplain(deps, row.value_enc);
  deps.secrets.usePseudonymKey(Buffer.from(value, 'base64url'));
}

function openOrExplain(deps: Pick<Deps, 'secrets'>, sealed: string): string {
  try {
    return deps.secrets.open(sealed);
  } catch (err) {
    if (!(err instanceof UnreadableSealedValue)) throw err;
    throw new Error(
      deps.secrets.hasPreviousKey
        ? 'the database was sealed under neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: check both keys'
        : 'the database was sealed under another key than SECRETS_KEY: set the right SECRETS_KEY ' +
            '(while a key rotation is under way, the replaced key goes in SECRETS_KEY_PREVIOUS)',
      { cause: err },
    );
  }
}
