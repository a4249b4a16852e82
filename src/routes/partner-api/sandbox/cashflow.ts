/** GET /api/v1/insights/cashflow; its /v1 form answers the alternative shape from the same forecast. */
import { security } from '../../../http/schemas.js';
import { CashflowQuery, CashflowRefResp, CashflowResp } from '../../../areas/sandbox/schemas.js';
import { cashflowRef, cashflowResp, forecast } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

export const cashflowRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, provider, form, v1 }) => {
  const r = typed(app);

  r.get(
    v1('/api/v1/insights/cashflow'),
    {
      schema: {
        operationId: 'getCashflowForecast',
        tags: TAGS,
        summary: 'Cash-flow forecast of the checking account',
        description:
          'One point per day after today up to horizon_days (1-90, default 14): net = inflow − outflow, projected balance = previous + net, runway_days = days before it first goes below zero. ' +
          'The /v1 form answers the alternative shape (projected_min_balance, projected_min_date, confidence, alerts) from the same forecast.',
        security: security.key,
        querystring: CashflowQuery,
        response: { 200: form === 'reference' ? CashflowRefResp : CashflowResp, ...common },
      },
    },
    async (request) => {
      const { model, generatedAt } = await forecast(deps, provider(request), caller(request), request.query.user_id, request.query.horizon_days);
      return form === 'reference' ? cashflowRef(model, generatedAt) : cashflowResp(model, generatedAt);
    },
  );
};
