/** Tables owned by the sandbox area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SandboxTables {}
