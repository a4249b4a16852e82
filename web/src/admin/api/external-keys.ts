/** External keys: keys the platform stores in partners' slots (a partner may be created for one). */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Environment, type ExternalKey } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';
import { partnerKeys } from './partners';

export interface ExternalKeyNew {
  key: string;
  environment: Environment;
  partner_id?: string;
  partner_email?: string;
  partner_company_name?: string;
  partner_contact_name?: string;
  tier?: string;
}

export const externalKeyKeys = {
  all: ['external-keys'] as const,
};

export function useExternalKeys() {
  return useQuery({ queryKey: externalKeyKeys.all, queryFn: () => unwrap(api.GET('/api/admin/external-keys')) });
}

const addKey = (body: ExternalKeyNew) => unwrap(api.POST('/api/admin/external-keys', { body }));
/** The key may have created its partner: the partner list is asked again too. */
export function useAddExternalKey(options?: OptionsOf<typeof addKey>) {
  return useApiMutation(
    addKey,
    (client) => {
      void client.invalidateQueries({ queryKey: externalKeyKeys.all });
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
    },
    options,
  );
}

const deleteKey = (k: ExternalKey) => unwrap(api.DELETE('/api/admin/external-keys/{key_id}', { params: { path: { key_id: k.id } } }));
/** The partner's page shows its slots: it is asked again. */
export function useDeleteExternalKey(options?: OptionsOf<typeof deleteKey>) {
  return useApiMutation(
    deleteKey,
    (client, _r, k) => {
      void client.invalidateQueries({ queryKey: externalKeyKeys.all });
      void client.invalidateQueries({ queryKey: partnerKeys.detail(k.partner_id) });
    },
    options,
  );
}
