import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ApiError, isApiError } from '../api/client';
import { Layout } from './Layout';
import { RequireSession, ME } from './session';
import { Account } from './pages/Account';
import { ApiKeys } from './pages/ApiKeys';
import { KeySignIn } from './pages/KeySignIn';
import { NotFound } from './pages/NotFound';
import { Overview } from './pages/Overview';
import { ForgotPassword, ResetPassword, VerifyEmail } from './pages/PasswordReset';
import { Register } from './pages/Register';
import { Reports } from './pages/Reports';
import { SignIn } from './pages/SignIn';
import { Usage } from './pages/Usage';
import { Webhooks } from './pages/Webhooks';

/** A 401 anywhere means the session is gone: the session query is asked again, and the pages behind it send the reader to sign in. */
function onApiError(client: () => QueryClient) {
  return (err: unknown, queryKey?: readonly unknown[]) => {
    if (isApiError(err, 401) && queryKey?.[0] !== ME[0]) void client().invalidateQueries({ queryKey: ME });
  };
}

function makeQueryClient(): QueryClient {
  const handle = onApiError(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => handle(err, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (err) => handle(err) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; a lost connection or a 5xx may not.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
  return client;
}

const queryClient = makeQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/portal">
        <Routes>
          <Route path="sign-in" element={<SignIn />} />
          <Route path="register" element={<Register />} />
          <Route path="key-sign-in" element={<KeySignIn />} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="verify-email" element={<VerifyEmail />} />
          <Route
            element={
              <RequireSession>
                <Layout />
              </RequireSession>
            }
          >
            <Route index element={<Overview />} />
            <Route path="keys" element={<ApiKeys />} />
            <Route path="webhooks" element={<Webhooks />} />
            <Route path="usage" element={<Usage />} />
            <Route path="reports" element={<Reports />} />
            <Route path="account" element={<Account />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
