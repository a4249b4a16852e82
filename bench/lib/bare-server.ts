/**
 * The baseline for the calculate benchmark: a bare Fastify POST route that
 * validates a body of the same schema and size with the same Ajv settings, logs
 * one line per request at the same level with the same logger, and answers a
 * small JSON object. Logs its address like the server does.
 */
import Fastify from 'fastify';
import { IngestCalculationBody } from '../../src/areas/calculations/schemas.js';
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
const address = await app.listen({ port: 0, host: '127.0.0.1' });
log.info({ address }, 'listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
