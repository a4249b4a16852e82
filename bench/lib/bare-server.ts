/**
 * The baseline for the calculate benchmark: a bare Fastify POST route that
 * validates a body of the same schema and size with the same Ajv settings, logs
 * one line per request at the same level with the same logger, and answers a
 * small JSON object (/bare), or computes and answers the full result (/bare-compute).
 * Logs its address like the server does.
 */
import Fastify from 'fastify';
import { CalculateResponse, IngestCalculationBody } from '../../src/areas/calculations/schemas.js';
import { calculate } from '../../src/areas/calculations/service.js';
import { validatorCompiler } from '../../src/http/validation.js';
import { createLogger } from '../../src/deps.js';

const log = createLogger({ logLevel: process.env.LOG_LEVEL ?? 'info' });
const app = Fastify({ loggerInstance: log, disableRequestLogging: true });
app.setValidatorCompiler(validatorCompiler);
app.addHook('onResponse', async (request, reply) => {
  request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request');
});
app.post('/bare', { schema: { body: IngestCalculationBody } }, async (request) => {
  const b = request.body as { end_user_id: string; cash_balance?: number };
  return { end_user_id: b.end_user_id, cash_balance: b.cash_balance ?? 0, ok: true };
});
// The second baseline: the same route doing the same computation and answering the same response schema,
// i.e. everything the service does except authentication, rate limiting, metering and request ids.
const clock = { now: () => Date.now() };
app.post('/bare-compute', { schema: { body: IngestCalculationBody, response: { 200: CalculateResponse } } }, async (request) =>
  calculate({ clock }, { partnerId: 'ptr_01m8013q3kcfahkn0n04fgt008', environment: 'test' }, request.body as never),
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
log.info({ address }, 'listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
