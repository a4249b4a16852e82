/** The contact form, from the portal: a signed-in partner asks for production access through it. */
import { api, unwrap, type PartnerMe } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';

const askProduction = (me: PartnerMe, message: string) =>
  unwrap(api.POST('/api/contact', { body: { name: me.contact_name, email: me.email, company: me.company_name, topic: 'production', message } }));

export function useAskProduction(me: PartnerMe, options?: OptionsOf<(message: string) => ReturnType<typeof askProduction>>) {
  return useApiMutation((message: string) => askProduction(me, message), null, options);
}
