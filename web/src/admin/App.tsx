import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import { makeQueryClient } from '../shared/queryClient';
import { Layout } from './Layout';
import { meKeys } from './api/session';
import { RequireAdmin } from './session';
import { Account } from './pages/Account';
import { AuditLog } from './pages/AuditLog';
import { DeletionRequests } from './pages/DeletionRequests';
import { ExternalKeys } from './pages/ExternalKeys';
import { Incidents } from './pages/Incidents';
import { IndexNow } from './pages/IndexNow';
import { IngestSecret } from './pages/IngestSecret';
import { Mail } from './pages/Mail';
import { Messages } from './pages/Messages';
import { Partner } from './pages/Partner';
import { Partners } from './pages/Partners';
import { SignIn } from './pages/SignIn';
import { Usage } from './pages/Usage';
import { useTitle } from './title';

const queryClient = makeQueryClient(meKeys.all);

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
            <Route path="usage" element={<Usage />} />
            <Route path="external-keys" element={<ExternalKeys />} />
            <Route path="incidents" element={<Incidents />} />
            <Route path="deletion-requests" element={<DeletionRequests />} />
            <Route path="audit-log" element={<AuditLog />} />
            <Route path="mail" element={<Mail />} />
            <Route path="messages" element={<Messages />} />
            <Route path="ingest-secret" element={<IngestSecret />} />
            <Route path="indexnow" element={<IndexNow />} />
            <Route path="account" element={<Account />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
