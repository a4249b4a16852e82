/** The platform's ingest secret: read only on demand, each read recorded in the audit log. */
import { api, unwrap } from '../../api/client';
import { useApiMutation } from '../../api/mutation';

/** A mutation, not a query: nothing asks for it but Reveal, and nothing keeps it but the page that asked. */
export function useRevealIngestSecret() {
  return useApiMutation(() => unwrap(api.GET('/api/admin/ingest-secret')), null);
}
