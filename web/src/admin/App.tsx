import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import { ApiError, isApiError } from '../api/client';
import { Layout } from './Layout';
import { RequireAdmin, ME } from './session';
import { DeletionRequests } from './pages/DeletionRequests';
import { Incidents } from './pages/Incidents';
import { Partner } from './pages/Partner';
import { Partners } from './pages/Partners';
import { SignIn } from './pages/SignIn';
import { useTitle } from './title';

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
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
  return client;
}

const queryClient = makeQueryClient();

function NotFound() {
  useTitle('Page not found');
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/partners">Go to Partners</Link>
      </p>
    </section>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <Routes>
          <Route path="sign-in" element={<SignIn />} />
          <Route
            element={
              <RequireAdmin>
                <Layout />
              </RequireAdmin>
            }
          >
            <Route index element={<Navigate to="/partners" replace />} />
            <Route path="partners" element={<Partners />} />
            <Route path="partners/:partnerId" element={<Partner />} />
            <Route path="incidents" element={<Incidents />} />
            <Route path="deletion-requests" element={<DeletionRequests />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
