import type { CoreTables } from './core.js';
import type { AccountsTables } from './accounts.js';
import type { WebhooksTables } from './webhooks.js';
import type { UsageTables } from './usage.js';
import type { IngestTables } from './ingest.js';
import type { SandboxTables } from './sandbox.js';
import type { PublicTables } from './public.js';
import type { OperationsTables } from './operations.js';
import type { MfaTables } from './mfa.js';
import type { PasskeysTables } from './passkeys.js';
import type { RequestLogTables } from './request-log.js';
import type { MembersTables } from './members.js';

export type * from './core.js';
export type * from './request-log.js';
export type * from './members.js';

/** Every table of the service, one interface per area. */
export interface DB
  extends CoreTables,
    AccountsTables,
    WebhooksTables,
    UsageTables,
    IngestTables,
    SandboxTables,
    PublicTables,
    OperationsTables,
    MfaTables,
    PasskeysTables,
    RequestLogTables,
    MembersTables {}
