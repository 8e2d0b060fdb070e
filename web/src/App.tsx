import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { session } from './api/session';
import { Layout, needsOf } from './components/Layout';
import { Allowed, NotFound } from './components/Allowed';
import { SignInPage } from './pages/SignInPage';
import { DocumentsPage } from './pages/DocumentsPage';
import { DocumentDetailPage } from './pages/DocumentDetailPage';
import { ApiKeysPage } from './pages/ApiKeysPage';
import { UsersPage } from './pages/UsersPage';
import { AuditPage } from './pages/AuditPage';
import { ModelsPage } from './pages/ModelsPage';
import { ChatPage } from './pages/ChatPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { KnowledgePage } from './pages/KnowledgePage';
import { SettingsPage } from './pages/SettingsPage';
import { AppsPage } from './pages/AppsPage';
import { AcceptInvitationPage, ResetPasswordPage } from './pages/AccountLinkPages';
import { SsoCallbackPage } from './pages/SsoCallbackPage';
import { AuthorizePage } from './pages/AuthorizePage';
import { OAuthClientsPage } from './pages/OAuthClientsPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { WebhookEndpointPage } from './pages/WebhookEndpointPage';
import { ConnectorsPage } from './pages/ConnectorsPage';
import { ConnectorPage } from './pages/ConnectorPage';

/** Routes a visitor may open without signing in (links from mails, the sign-in page itself). */
const PUBLIC_PATHS = ['/sign-in', '/accept-invitation', '/reset-password', '/sso/callback'];

function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(session.accessToken() ? true : null);
  useEffect(() => {
    const unsubscribe = session.subscribe(setSignedIn);
    // A reload keeps the refresh token of this tab: try it once before asking to sign in.
    if (signedIn === null) void session.refresh().then(setSignedIn);
    return unsubscribe;
  }, []);
  return signedIn;
}

export function App() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (signedIn === null) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (!signedIn && !PUBLIC_PATHS.includes(location.pathname)) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/sso/callback" element={<SsoCallbackPage />} />
      <Route path="/authorize" element={<AuthorizePage />} />
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/documents" replace />} />
        <Route path="/documents" element={<Allowed needs={needsOf('/documents')}><DocumentsPage /></Allowed>} />
        <Route path="/documents/:documentId" element={<Allowed needs={needsOf('/documents')}><DocumentDetailPage /></Allowed>} />
        <Route path="/api-keys" element={<Allowed needs={needsOf('/api-keys')}><ApiKeysPage /></Allowed>} />
        <Route path="/users" element={<Allowed needs={needsOf('/users')}><UsersPage /></Allowed>} />
        <Route path="/audit" element={<Allowed needs={needsOf('/audit')}><AuditPage /></Allowed>} />
        <Route path="/models" element={<Allowed needs={needsOf('/models')}><ModelsPage /></Allowed>} />
        <Route path="/chat" element={<Allowed needs={needsOf('/chat')}><ChatPage /></Allowed>} />
        <Route path="/feedback" element={<Allowed needs={needsOf('/feedback')}><FeedbackPage /></Allowed>} />
        <Route path="/knowledge" element={<Allowed needs={needsOf('/knowledge')}><KnowledgePage /></Allowed>} />
        <Route path="/settings" element={<Allowed needs={needsOf('/settings')}><SettingsPage /></Allowed>} />
        <Route path="/apps" element={<Allowed needs={needsOf('/apps')}><AppsPage /></Allowed>} />
        <Route path="/oauth-clients" element={<Allowed needs={needsOf('/oauth-clients')}><OAuthClientsPage /></Allowed>} />
        <Route path="/connectors" element={<Allowed needs={needsOf('/connectors')}><ConnectorsPage /></Allowed>} />
        <Route path="/connectors/:connectorId" element={<Allowed needs={needsOf('/connectors')}><ConnectorPage /></Allowed>} />
        <Route path="/webhooks" element={<Allowed needs={needsOf('/webhooks')}><WebhooksPage /></Allowed>} />
        <Route path="/webhooks/:endpointId" element={<Allowed needs={needsOf('/webhooks')}><WebhookEndpointPage /></Allowed>} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
