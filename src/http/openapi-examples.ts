/**
 * Examples of the partner-API operations in the OpenAPI document, by operationId: the request
 * body and the answer of each documented status (the integration guide's samples, with its ids);
 * also of the administrator operations whose body a reader must get right (production access).
 * test/http/openapi.test.ts validates each against its schema and sends each request body to
 * its operation on the server, expecting the example's 2xx status.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

const PARTNER_ID = 'ptr_01jd3k2m4n5p6q7r8s9t0v1w2x';

const CALCULATION = {
  safe_to_spend_today: 26.81,
  daily_allowance: 26.81,
  monthly_safe_to_spend: 804.3,
  breakdown: { cash_after_buffer: 2200, upcoming_bills_total: 1245.5, savings_commitments: 100, debt_commitments: 50.25, discretionary_pool: 804.25, days_in_period: 30 },
  calculation_id: 'calc_01jd3m0q8w2x5y7z9a1b3c5d7e',
  calculated_at: '2026-11-21T10:00:00.000Z',
  partner_id: PARTNER_ID,
  is_sandbox: true,
};

const INGESTED = {
  safe_to_spend_today: 18.03,
  daily_allowance: 18.03,
  monthly_safe_to_spend: 540.9,
  breakdown: { cash_after_buffer: 1640.75, upcoming_bills_total: 950, savings_commitments: 150, debt_commitments: 0, discretionary_pool: 540.75, days_in_period: 30 },
  calculation_id: 'calc_01jd3m2a7k9m1n3p5q7r9s1t3v',
  calculated_at: '2026-11-21T10:05:00.000Z',
  partner_id: PARTNER_ID,
  is_sandbox: true,
};

const REQUEST_422 = {
  request_id: 'req_01jd3n1b2c3d4e5f6g7h8j9k0m',
  at: '2026-11-21T10:00:00.000Z',
  environment: 'test',
  credential: 'api_key',
  key_id: 'key_01jd3k2m4n5p6q7r8s9t0v1w2y',
  method: 'POST',
  route: '/api/v1/calculate/safe-to-spend',
  path: '/api/v1/calculate/safe-to-spend',
  status: 422,
  error_code: 'validation_failed',
  error_detail: '[{"type":"float_type","loc":["body","cash_balance"],"msg":"Input should be a valid number","input":"lots"}]',
  duration_ms: 1.284,
  client_ip: '203.0.113.7',
  user_agent: 'acme-client/1.0',
};

const CACHED_ROW = { end_user_id: 'user_123', user_email: 'jane@example.com', calculation: INGESTED, calculated_at: '2026-11-21T10:05:00.000Z' };

const WEBHOOK_CONFIG = {
  url: 'https://partner.example/webhooks/svc',
  events: ['calculation.updated', 'usage.threshold_reached'],
  enabled: true,
  environment: 'test',
  secret_hint: 'whsec_…q2Zk',
  disabled_reason: null,
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  circuit: { state: 'closed', failures: 0, retry_at: null },
};

const DELIVERY = {
  id: 'dlv_01jd3m2b1c3d5e7f9g1h3j5k7m',
  event_id: 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
  event_type: 'calculation.updated',
  url: 'https://partner.example/webhooks/svc',
  attempt: 1,
  status: 'delivered',
  status_code: 200,
  duration_ms: 84,
  error: null,
  response_excerpt: 'ok',
  created_at: '2026-11-21T10:05:01.000Z',
  next_attempt_at: null,
};

const EVENT_PAYLOAD =
  '{"id":"evt_01jd3m2a7k9m1n3p5q7r9s1t3v","type":"calculation.updated","created_at":"2026-11-21T10:05:00.000Z","data":{"end_user_id":"user_123","calculation":{"safe_to_spend":412.5}}}';

const EVENT_SUMMARY = {
  id: 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
  type: 'calculation.updated',
  state: 'delivered',
  attempts: 1,
  created_at: '2026-11-21T10:05:00.000Z',
  next_attempt_at: null,
};

const ACCOUNTS = [
  {
    account_id: 'acc_61d1cc09d54631afbc45f3f5',
    name: 'Everyday Checking',
    mask: '2560',
    type: 'depository',
    subtype: 'checking',
    current_balance: 4773.78,
    available_balance: 4773.78,
    iso_currency_code: 'USD',
  },
  {
    account_id: 'acc_9b1e0d2c7a4f3e5d6c8b0a1f',
    name: 'High-Yield Savings',
    mask: '0246',
    type: 'depository',
    subtype: 'savings',
    current_balance: 20055.6,
    available_balance: 20055.6,
    iso_currency_code: 'USD',
  },
];

const ALERTS = {
  environment: 'live',
  notify_email: 'billing@partner.example',
  effective_notify_email: 'billing@partner.example',
  calls_threshold: 100000,
  unique_users_threshold: 5000,
  bill_threshold_usd: 250,
  month: '2026-11',
  current: { calls: 18204, unique_end_users: 2311, estimated_bill_usd: 115.55 },
  fired: [],
  updated_at: '2026-11-21T09:30:00.000Z',
  notify_email_verified: true,
  mail_delivery: 'active',
};

export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  getMe: {
    responses: {
      200: {
        id: PARTNER_ID,
        name: 'Jane Doe',
        email: 'dev@partner.example',
        company: 'Partner Inc.',
        tier: 'standard',
        active: true,
        is_sandbox: true,
        current_key_type: 'sandbox',
        sandbox_key_masked: 'svc_test_****8U0t',
        production_key_masked: 'svc_live_****RwnG',
        sandbox_key_rotated_at: null,
        production_key_rotated_at: null,
        webhook_url: 'https://partner.example/webhooks/svc',
        webhook_enabled: true,
        usage_alert_email: 'billing@partner.example',
        payment_customer_id: null,
        payment_method_attached: false,
        created_at: '2026-11-01T08:00:00.000Z',
        activated_at: '2026-11-02T08:00:00.000Z',
        expected_volume: '10k-100k',
        signup_source: 'website',
      },
    },
  },
  getSecrets: {
    responses: {
      200: {
        ingest_secret: 'svc_ingest_fjNt36RKgFftCwQfcaODbjbqeMKlbF4WSL87ySZI',
        header_name: 'X-Service-Ingest-Secret',
        scope: '/api/v1/ingest, /api/v1/ingest/*, /api/v1/webhooks, /api/v1/webhooks/*, /api/v1/key/rotate',
        rotation_policy:
          "Rotate on demand: POST /api/v1/secrets/rotate with your live key and current secret, from the portal's keys page " +
          '(signed in with your password), or ask an administrator. An optional overlap of up to 24 hours (grace_hours) keeps ' +
          'the previous secret valid meanwhile; without one it stops working at once.',
        rotated_at: '2026-11-20T09:00:00.000Z',
        previous_valid_until: null,
      },
    },
  },
  rotateIngestSecret: {
    request: { grace_hours: 24 },
    responses: {
      200: {
        ingest_secret: 'svc_ingest_Q2rVb7WcN0pLk4sX9aTe1uYh6gMd3fJz8nRo5iKy',
        header_name: 'X-Service-Ingest-Secret',
        rotated_at: '2026-11-21T10:00:00.000Z',
        previous_valid_until: '2026-11-22T10:00:00.000Z',
        detail: 'Ingest secret rotated: the previous secret keeps working until 2026-11-22T10:00:00.000Z. Store the new one on your servers now.',
      },
    },
  },
  calculateSafeToSpend: {
    request: {
      end_user_id: 'user_123',
      cash_balance: 2500,
      upcoming_bills: [
        { amount: 1200, due_in_days: 5 },
        { name: 'Phone', amount: 45.5, due_date: '2026-12-01' },
      ],
      savings_commitments: 100,
      debt_commitments: 50.25,
      cash_buffer: 300,
    },
    responses: { 200: CALCULATION },
  },
  ingestCalculation: {
    request: {
      end_user_id: 'user_123',
      user_email: 'jane@example.com',
      cash_balance: 1840.75,
      upcoming_bills: [{ name: 'Rent', amount: 950, due_date: '2026-12-01' }],
      savings_commitments: 150,
      cash_buffer: 200,
    },
    responses: { 201: INGESTED },
  },
  listCachedCalculations: { responses: { 200: { items: [CACHED_ROW], next_cursor: null, count: 1 } } },
  getCachedCalculation: { responses: { 200: CACHED_ROW } },
  eraseEndUser: {
    responses: {
      200: {
        deleted: true,
        end_user_id: 'user_123',
        environment: 'test',
        erased: { calculations: 1, sandbox: 6, webhook_deliveries: 2, webhook_events: 1, usage_end_users: 1, usage_end_users_pending: 0, usage_events: 5 },
      },
    },
  },
  rotateKey: {
    request: { key_type: 'sandbox', overlap_seconds: 86400 },
    responses: {
      200: {
        key_type: 'sandbox',
        new_key: 'svc_test_kjnHmEpmxDPh7uhhRkuDoVsRmcNWflo4',
        rotated_at: '2026-11-21T11:00:00.000Z',
        previous_expires_at: '2026-11-22T11:00:00.000Z',
        message:
          'The previous sandbox key keeps working until 2026-11-22T11:00:00.000Z: switch every server to the new one before then. ' +
          'Store the new key now: it is not shown again in full here.',
      },
    },
  },
  getUsage: {
    responses: {
      200: {
        month: '2026-11',
        partner: PARTNER_ID,
        production: { calls: 18204, unique_end_users: 2311, estimated_bill_usd: 115.55 },
        sandbox: { calls: 920, unique_end_users: 41, estimated_bill_usd: null },
        rate_per_user_usd: 0.05,
      },
    },
  },
  listRequests: {
    responses: {
      200: {
        items: [REQUEST_422],
        next_cursor: 'WzE3OTU3ODUyMDAwMDAsInJxbF8wMWpkM24xYjJjM2Q0ZTVmNmc3aDhqOWs5bSJd',
      },
    },
  },
  getRequest: { responses: { 200: REQUEST_422 } },
  getUsageAlerts: { responses: { 200: ALERTS } },
  putUsageAlerts: {
    request: { notify_email: 'billing@partner.example', calls_threshold: 100000, unique_users_threshold: 5000, bill_threshold_usd: 250 },
    responses: { 200: ALERTS },
  },
  resendUsageAlertEmailVerification: {
    responses: {
      202: {
        detail: 'A verification link was sent to billing@partner.example; alerts are mailed there once it is followed.',
        sent: true,
        expires_at: '2026-11-23T09:30:00.000Z',
      },
    },
  },
  deleteUsageAlerts: { responses: { 200: { deleted: true, environment: 'live' } } },
  reportCalculationsCsv: {
    responses: {
      200:
        'calculation_id,end_user_id,user_email,calculated_at,environment,safe_to_spend_today,daily_allowance,monthly_safe_to_spend,cash_after_buffer,upcoming_bills_total,savings_commitments,debt_commitments,discretionary_pool,days_in_period\r\n' +
        'calc_01jd3m2a7k9m1n3p5q7r9s1t3v,user_123,jane@example.com,2026-11-21T10:05:00.000Z,sandbox,18.03,18.03,540.9,1640.75,950,150,0,540.75,30\r\n',
    },
  },
  reportUsageCsv: {
    responses: {
      200: 'month,environment,calls,unique_end_users,estimated_bill_usd,rate_per_user_usd\r\n2026-10,production,15873,2204,110.2,0.05\r\n2026-11,production,18204,2311,115.55,0.05\r\n',
    },
  },
  exportWebhookDeliveriesCsv: {
    responses: {
      200:
        'id,created_at,event_id,event_type,url,attempt,status,status_code,duration_ms,error,response_excerpt,next_attempt_at\r\n' +
        'dlv_01jd3m2b1c3d5e7f9g1h3j5k7m,2026-11-21T10:05:01.000Z,evt_01jd3m2a7k9m1n3p5q7r9s1t3v,calculation.updated,https://partner.example/webhooks/svc,1,delivered,200,84,,ok,\r\n',
    },
  },
  getWebhookConfig: { responses: { 200: WEBHOOK_CONFIG } },
  setWebhookConfig: {
    request: { url: 'https://partner.example/webhooks/svc', events: ['calculation.updated', 'usage.threshold_reached'], enabled: true },
    responses: { 200: { ...WEBHOOK_CONFIG, secret: 'whsec_mZ3cN8vQw1xYtR5bL0pK7sJ2hG4fD6aE9uI3oP1q2Zk=', previous_secret_expires_at: null } },
  },
  rotateWebhookSecret: {
    responses: {
      200: {
        ...WEBHOOK_CONFIG,
        secret_hint: 'whsec_…Xw0=',
        updated_at: '2026-11-21T12:00:00.000Z',
        secret: 'whsec_Q8rT2yU6iO0pA4sD8fG2hJ6kL0zX4cV8bN2mQ6wE7Xw0=',
        previous_secret_expires_at: '2026-11-22T12:00:00.000Z',
      },
    },
  },
  deleteWebhookConfig: { responses: { 200: { deleted: true, environment: 'test' } } },
  listWebhookDeliveries: { responses: { 200: [DELIVERY] } },
  resendWebhookDelivery: {
    responses: { 200: { ...DELIVERY, id: 'dlv_01jd3p0a2b4c6d8e0f2g4h6j8k', attempt: 2, duration_ms: 91, created_at: '2026-11-21T11:00:00.000Z' } },
  },
  listWebhookEvents: { responses: { 200: { data: [EVENT_SUMMARY], next_cursor: null } } },
  getWebhookEvent: {
    responses: {
      200: {
        ...EVENT_SUMMARY,
        payload: EVENT_PAYLOAD,
        deliveries: [
          {
            ...DELIVERY,
            request_headers: {
              'content-type': 'application/json',
              'user-agent': 'svc-webhooks/2.3.0',
              'x-service-event-id': 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
              'x-service-event-type': 'calculation.updated',
              'x-service-delivery-attempt': '1',
              'service-signature': 't=1763719501,v1=5f0c3f6e1f1b9a4c2d8e7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d',
              'x-service-signature': '0d2c4e6a8b0c2e4f6a8b0d2c4e6f8a0b2d4c6e8f0a2b4d6c8e0f2a4b6d8c0e2f',
              'webhook-id': 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
              'webhook-timestamp': '1763719501',
              'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
            },
            response_headers: { 'content-type': 'text/plain', 'content-length': '2' },
            response_body_excerpt: 'ok',
          },
        ],
        deliveries_total: 1,
      },
    },
  },
  resendWebhookEvent: {
    responses: { 200: { ...DELIVERY, id: 'dlv_01jd3p0a2b4c6d8e0f2g4h6j8k', attempt: 2, duration_ms: 91, created_at: '2026-11-21T11:00:00.000Z' } },
  },
  streamWebhookEvents: {
    responses: {
      200:
        'retry: 2000\n: connected\n\n' +
        'id: evt_01jd3m2a7k9m1n3p5q7r9s1t3v\nevent: calculation.updated\ndata: ' +
        JSON.stringify({
          payload: EVENT_PAYLOAD,
          headers: {
            'content-type': 'application/json',
            'x-service-event-id': 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
            'x-service-event-type': 'calculation.updated',
            'webhook-id': 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
            'webhook-timestamp': '1763719501',
            'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
          },
        }) +
        '\n\n: heartbeat\n\n',
    },
  },
  sendWebhookTestEvent: {
    responses: { 202: { event_id: 'evt_01jd3r0a1b2c3d4e5f6g7h8j9k', type: 'webhook.test', created_at: '2026-11-21T10:10:00.000Z', status: 'queued' } },
  },
  createLinkToken: {
    request: { user_id: 'user_123' },
    responses: { 200: { link_token: 'link-sandbox-62c360f9-e31a-4f85-a0dc-40cbf8d44760', expiration: '2026-11-21T14:00:00.000Z', request_id: 'bf9589b188834fb' } },
  },
  linkAccounts: {
    request: { public_token: 'public-sandbox-user_123', user_id: 'user_123', institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' } },
    responses: { 200: { item_id: 'item-sandbox-2a9589bb-342b-4111-b3be-84a8dd91e1ac', institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' }, accounts: ACCOUNTS } },
  },
  listAccounts: { responses: { 200: { accounts: ACCOUNTS } } },
  listTransactions: {
    responses: {
      200: {
        transactions: [
          {
            transaction_id: 'txn_de1bfb2f081aa612141462dbf44d',
            account_id: 'acc_61d1cc09d54631afbc45f3f5',
            merchant_name: 'Comcast Xfinity',
            amount: 64.99,
            iso_currency_code: 'USD',
            date: '2026-11-21',
            pending: false,
            personal_finance_category_primary: 'RENT_AND_UTILITIES',
          },
        ],
        total: 34,
        has_more: true,
      },
    },
  },
  createTransfer: {
    request: { account_id: 'acc_61d1cc09d54631afbc45f3f5', amount_cents: 2500, direction: 'debit', description: 'Round-up to savings' },
    responses: {
      200: {
        transfer_id: 'tr_0cdd339605e5810b99167c9d',
        status: 'pending',
        amount_cents: 2500,
        direction: 'debit',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        description: 'Round-up to savings',
        created_at: '2026-11-21T10:30:00.000Z',
        expected_settlement: '2026-11-23',
        failure_reason: null,
      },
    },
  },
  getSandboxTransfer: {
    responses: {
      200: {
        transfer_id: 'tr_0cdd339605e5810b99167c9d',
        status: 'settled',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        to_account_id: null,
        amount_cents: 2500,
        direction: 'debit',
        description: 'Round-up to savings',
        rail: 'ach',
        created_at: '2026-11-21T10:30:00.000Z',
        expected_settlement: '2026-11-23',
        failure_reason: null,
        return_reason: null,
        history: [
          { status: 'pending', at: '2026-11-21T10:30:00.000Z' },
          { status: 'settled', at: '2026-11-21T10:31:00.000Z' },
        ],
      },
    },
  },
  simulateSandboxTransfer: {
    request: { outcome: 'failed', failure_reason: 'insufficient_funds' },
    responses: {
      200: {
        transfer_id: 'tr_0cdd339605e5810b99167c9d',
        status: 'failed',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        to_account_id: null,
        amount_cents: 2500,
        direction: 'debit',
        description: 'Round-up to savings',
        rail: 'ach',
        created_at: '2026-11-21T10:30:00.000Z',
        expected_settlement: '2026-11-23',
        failure_reason: { code: 'insufficient_funds', description: "The account's available balance is less than the transfer amount" },
        return_reason: null,
        history: [
          { status: 'pending', at: '2026-11-21T10:30:00.000Z' },
          { status: 'failed', at: '2026-11-21T10:31:00.000Z', reason: 'insufficient_funds' },
        ],
      },
    },
  },
  fireSandboxWebhook: {
    request: { event_type: 'transfer.settled' },
    responses: {
      202: { event_id: 'evt_01jd3t5e7g9j1l3n5q7s9u1w3y', type: 'transfer.settled', created_at: '2026-11-21T10:40:00.000Z', status: 'queued', url: 'https://partner.example/webhooks/svc' },
    },
  },
  adminSetProductionAccess: {
    request: { enabled: true },
    responses: {
      200: { partner_id: PARTNER_ID, active: true, production_enabled: true, activated_at: '2026-11-02T08:00:00.000Z', changed: true },
    },
  },
  getCashflowForecast: {
    responses: {
      200: {
        horizon_days: 2,
        generated_at: '2026-11-21T10:30:00.000Z',
        points: [
          { date: '2026-11-22', inflow_cents: 0, outflow_cents: 35750, net_cents: -35750, safe_to_spend_cents: 424266, projected_balance_cents: 441628 },
          { date: '2026-11-23', inflow_cents: 0, outflow_cents: 0, net_cents: 0, safe_to_spend_cents: 424266, projected_balance_cents: 441628 },
        ],
        runway_days: 2,
        starting_balance_cents: 477378,
      },
    },
  },
};
