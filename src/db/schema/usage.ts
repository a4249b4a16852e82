/** Tables owned by the usage area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface UsageTables {}
