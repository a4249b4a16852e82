/** Tables of the service itself rather than of an area's data (migration 0021). */

/**
 * Keys the service derives its own values from, sealed under SECRETS_KEY like every secret at rest
 * (a key rotation re-seals them). `pseudonym`: the HMAC key of the end-user pseudonyms stored by
 * erasures, which must stay the same when SECRETS_KEY changes.
 */
export interface ServiceKeysTable {
  name: string;
  value_enc: string;
  created_at: number;
}

export interface OperationsTables {
  service_keys: ServiceKeysTable;
}
