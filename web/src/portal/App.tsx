import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { makeQueryClient } from '../shared/queryClient';
import { Layout } from './Layout';
import { meKeys } from './api/session';
import { RequireSession } from './session';
import { AcceptInvite } from './pages/AcceptInvite';
import { Account } from './pages/Account';
import { ApiKeys } from './pages/ApiKeys';
import { KeySignIn } from './pages/KeySignIn';
import { EventPage, Events } from './pages/Events';
import { Logs } from './pages/Logs';
import { NotFound } from './pages/NotFound';
import { Overview } from './pages/Overview';
import { ForgotPassword, ResetPassword, VerifyEmail } from './pages/PasswordReset';
import { ConfirmSignUp, Register } from './pages/Register';
import { Reports } from './pages/Reports';
import { SignIn } from './pages/SignIn';
import { Team } from './pages/Team';
import { Usage } from './pages/Usage';
import { Webhooks } from './pages/Webhooks';

const queryClient = makeQueryClient(meKeys.all);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/portal">
        <Routes>
          <Route path="sign-in" element={<SignIn />} />
          <Route path="register" element={<Register />} />
          <Route path="sign-up/confirm" element={<ConfirmSignUp />} />
          <Route path="key-sign-in" element={<KeySignIn />} />
          <Route path="forgot-password" element={<ForgotPassword />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="verify-email" element={<VerifyEmail />} />
          <Route path="accept-invite" element={<AcceptInvite />} />
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
            <Route path="events" element={<Events />} />
            <Route path="events/:eventId" element={<EventPage />} />
            <Route path="usage" element={<Usage />} />
            <Route path="reports" element={<Reports />} />
            <Route path="logs" element={<Logs />} />
            <Route path="team" element={<Team />} />
            <Route path="account" element={<Account />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
