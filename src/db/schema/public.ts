/** Tables owned by the public area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PublicTables {}
