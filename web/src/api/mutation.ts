import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';

/** What a page adds to a query module's mutation: its own reaction to the answer (a notice, a dialog closed…). */
export type MutationOptions<TData, TVars = void> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>;
/** The options of the mutation that `call` sends. */
export type OptionsOf<F extends (...args: never[]) => Promise<unknown>> = MutationOptions<Awaited<ReturnType<F>>, Parameters<F> extends [infer V] ? V : void>;

/**
 * A mutation of a query module: `call` sends it, `effect` is what the answer does to the cache
 * (the lists it invalidates through the resource's key factory, the entry it replaces), run before
 * the page's own `onSuccess`, so no page can forget it.
 */
export function useApiMutation<TData, TVars = void>(
  call: (vars: TVars) => Promise<TData>,
  effect: ((client: QueryClient, data: TData, vars: TVars) => void) | null,
  options: MutationOptions<TData, TVars> = {},
) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...options,
    mutationFn: call,
    onSuccess: (data, vars, result, context) => {
      effect?.(client, data, vars);
      return options.onSuccess?.(data, vars, result, context);
    },
  });
}
