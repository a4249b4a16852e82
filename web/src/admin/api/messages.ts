/** Messages sent through the contact form. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const messageKeys = {
  all: ['contact-messages'] as const,
  list: (spam: boolean) => [...messageKeys.all, spam] as const,
};

export function useContactMessages(spam: boolean, limit: number) {
  return useQuery({
    queryKey: messageKeys.list(spam),
    queryFn: () => unwrap(api.GET('/api/admin/contact-messages', { params: { query: { include_spam: spam, limit } } })),
  });
}
