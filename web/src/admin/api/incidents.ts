/** Incidents of the public status page: opened, updated and resolved by administrators. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type ComponentId, type IncidentImpact, type IncidentStatus } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';

/** How many incidents the page lists, open and past together. */
const LIMIT = 100;

export interface IncidentNew {
  title: string;
  summary: string;
  impact: IncidentImpact;
  components: ComponentId[];
}
export interface IncidentChange {
  status: IncidentStatus;
  impact: IncidentImpact;
  components: ComponentId[];
  message?: string;
}

export const incidentKeys = {
  all: ['incidents'] as const,
};

const refresh = (client: QueryClient) => void client.invalidateQueries({ queryKey: incidentKeys.all });

export function useIncidents() {
  return useQuery({ queryKey: incidentKeys.all, queryFn: () => unwrap(api.GET('/api/admin/incidents', { params: { query: { limit: LIMIT } } })) });
}

const openIncident = (body: IncidentNew) => unwrap(api.POST('/api/admin/incidents', { body }));
export function useOpenIncident(options?: OptionsOf<typeof openIncident>) {
  return useApiMutation(openIncident, refresh, options);
}

const updateIncident = (id: string, body: IncidentChange) => unwrap(api.PATCH('/api/admin/incidents/{incident_id}', { params: { path: { incident_id: id } }, body }));
export function useUpdateIncident(id: string, options?: OptionsOf<(body: IncidentChange) => ReturnType<typeof updateIncident>>) {
  return useApiMutation((body: IncidentChange) => updateIncident(id, body), refresh, options);
}

const resolveIncident = (id: string, body: { message?: string }) => unwrap(api.POST('/api/admin/incidents/{incident_id}/resolve', { params: { path: { incident_id: id } }, body }));
export function useResolveIncident(id: string, options?: OptionsOf<(body: { message?: string }) => ReturnType<typeof resolveIncident>>) {
  return useApiMutation((body: { message?: string }) => resolveIncident(id, body), refresh, options);
}
