/** The mail outbox: the messages the service kept or SMTP refused, paged. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export type MailStatus = 'outbox' | 'failed';

export const mailKeys = {
  all: ['mail'] as const,
  list: (status: MailStatus | null, cursor: string | null) => [...mailKeys.all, status, cursor] as const,
};

export function useMailOutbox(status: MailStatus | null, cursor: string | undefined, limit: number) {
  return useQuery({
    queryKey: mailKeys.list(status, cursor ?? null),
    queryFn: () => unwrap(api.GET('/api/admin/mail-outbox', { params: { query: { limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
  });
}
