/** Tables owned by the accounts area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountsTables {}
