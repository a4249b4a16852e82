import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

// ---------- IndexNow ----------

export const IndexNowSubmission = Type.Object(
  {
    id: Type.String(),
    at: Type.String(),
    url_count: Type.Integer(),
    status_code: Nullable(Type.Integer()),
    ok: Type.Boolean(),
    error: Nullable(Type.String()),
    duration_ms: Type.Integer(),
  },
  { title: 'IndexNowSubmission' },
);

export const IndexNowStatus = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether INDEXNOW_KEY is set to a valid key' }),
    endpoint: Type.String(),
    host: Type.String(),
    key_location: Nullable(Type.String()),
    sitemap_urls: Type.Integer({ description: 'URLs in /sitemap.xml (what submit-all-sitemap sends)' }),
    submissions: Type.Integer(),
    urls_submitted: Type.Integer(),
    last_submission: Nullable(IndexNowSubmission),
    recent: Type.Array(IndexNowSubmission),
  },
  { title: 'StatusResponse', description: 'IndexNow configuration and submission history' },
);

export const IndexNowSubmitBody = Type.Object(
  { urls: Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { minItems: 1, maxItems: 10000, description: 'Absolute URLs of this host' }) },
  { title: 'SubmitBody' },
);

export const IndexNowSubmitResult = Type.Object(
  {
    submission_id: Type.String(),
    submitted: Type.Integer(),
    ok: Type.Boolean(),
    status_code: Nullable(Type.Integer()),
    endpoint: Type.String(),
    host: Type.String(),
    key_location: Type.String(),
  },
  { title: 'SubmitResult' },
);
