/** Tables owned by the ingest area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IngestTables {}
