import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth } from './require-auth';
import { DocumentPage } from './routes/document-page';
import { SectionPlaceholderPage } from './routes/section-placeholder-page';
import { AppShell } from './shell/app-shell';

// Every feature page is its own chunk, so the heavy screens to come never weigh on login or home.
const LoginPage = lazy(() => import('../features/login/login-page').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));

export const router = createBrowserRouter([
  {
    // Outside the shell and the auth guard: the one page a signed-out user can see.
    path: '/Member/LogOn',
    element: (
      <Suspense fallback={<PageSpinner fullScreen />}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    // Spec §2: everything else sits under /{section?} inside the shell. Sections get explicit routes as
    // they are built; until then /:section/* shows the placeholder with the section's title.
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'document/*', element: <DocumentPage /> },
      { path: ':section/*', element: <SectionPlaceholderPage /> },
    ],
  },
]);
