import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { RequireAuth } from './require-auth';
import { DocumentPage } from './routes/document-page';
import { RequireMenu, UnknownPage } from './routes/menu-guard';
import { AppShell } from './shell/app-shell';

// Every feature page is its own chunk, so the heavy screens to come never weigh on login or home.
const LoginPage = lazy(() => import('@/features/login/login-page').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('@/features/home/home-page').then((m) => ({ default: m.HomePage })));
const WorklistPage = lazy(() => import('@/features/worklist/worklist-page').then((m) => ({ default: m.WorklistPage })));
const PatientSearchPage = lazy(() =>
  import('@/features/patient/patient-search-page').then((m) => ({ default: m.PatientSearchPage })),
);
const PatientFormPage = lazy(() =>
  import('@/features/patient/patient-form-page').then((m) => ({ default: m.PatientFormPage })),
);
const UnmatchedStudiesPage = lazy(() =>
  import('@/features/dicom-unmatched/unmatched-studies-page').then((m) => ({ default: m.UnmatchedStudiesPage })),
);
const AuditLogPage = lazy(() => import('@/features/audit/audit-page').then((m) => ({ default: m.AuditLogPage })));
// Spec §2 Accounting screens (issue 24): billing, petty cash and exam fees behind one side menu.
const AccountingPage = lazy(() =>
  import('@/features/accounting/accounting-page').then((m) => ({ default: m.AccountingPage })),
);
const BackupPage = lazy(() => import('@/features/backup/backup-page').then((m) => ({ default: m.BackupPage })));
const ApiCredentialsPage = lazy(() =>
  import('@/features/api-credentials/api-credentials-page').then((m) => ({ default: m.ApiCredentialsPage })),
);
const RequestListPage = lazy(() =>
  import('@/features/request/request-list-page').then((m) => ({ default: m.RequestListPage })),
);
const RequestFormPage = lazy(() =>
  import('@/features/request/request-form-page').then((m) => ({ default: m.RequestFormPage })),
);
const PublicLinkPage = lazy(() =>
  import('@/features/request/public-link-page').then((m) => ({ default: m.PublicLinkPage })),
);
// The series viewer (issue 5): DicomViewerPage carries Cornerstone3D (~1 MB gzip), so it is its own chunk.
const SeriesPage = lazy(() => import('@/features/viewer/series-page').then((m) => ({ default: m.SeriesPage })));
const DicomViewerPage = lazy(() =>
  import('@/features/viewer/dicom-viewer-page').then((m) => ({ default: m.DicomViewerPage })),
);
const CapturePage = lazy(() => import('@/features/capture/capture-page').then((m) => ({ default: m.CapturePage })));
// The radiology report window (issue 8): outside the shell, like the viewer.
const ReportPage = lazy(() =>
  import('@/features/radiology-report/report-page').then((m) => ({ default: m.ReportPage })),
);
// The other report screens (issue 8): branch, doctor, center, accounting, billing reports and the sticker.
const ReportViewerPage = lazy(() =>
  import('@/features/report-engine/report-viewer-page').then((m) => ({ default: m.ReportViewerPage })),
);

/** Spec §2 Report screens other than /report: full window, outside the shell (they open in a new window). */
const reportViewerRoutes = (
  [
    ['/branch_report/:mode?/:reportName?', 'branch'],
    ['/doctor_report/:reportName?', 'doctor'],
    ['/center_report/:reportName?', 'center'],
    ['/accounting_report/:id/:reportName?', 'accounting'],
    ['/billing_report/:id/:reportName?', 'billing'],
    ['/reportviewer/:requestId/sticker', 'sticker'],
  ] as const
).map(([path, kind]) => ({
  path,
  element: (
    <RequireAuth>
      <Suspense fallback={<PageSpinner fullScreen />}>
        <ReportViewerPage kind={kind} key={kind} />
      </Suspense>
    </RequireAuth>
  ),
}));

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
    // Spec §7: the phone opens the patient photo QR without a session (single-use, expiring link).
    path: '/capture/qr/:qrId',
    element: (
      <Suspense fallback={<PageSpinner fullScreen />}>
        <CapturePage />
      </Suspense>
    ),
  },
  {
    // Spec §2 Export Film: the public film link, opened without a session (unguessable id, expiry, optional PIN).
    path: '/link/:linkId',
    element: (
      <Suspense fallback={<PageSpinner fullScreen />}>
        <PublicLinkPage />
      </Suspense>
    ),
  },
  {
    // Spec §2 Series viewer: full screen, no shell (a reading station).
    path: '/viewer/:examId',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner fullScreen />}>
          <SeriesPage />
        </Suspense>
      </RequireAuth>
    ),
  },
  {
    // Spec §2 Report screens: /report/{examId}?examBranchId= and /report/{examId}/{reportName?}, in a new window.
    path: '/report/:examId/:reportName?',
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner fullScreen />}>
          <ReportPage />
        </Suspense>
      </RequireAuth>
    ),
  },
  {
    // Spec §2: the series frame; it opens with the exam token alone (a branch image cache serves the same path).
    path: '/DicomViewer/:examId/:seriesId/:orientation?',
    element: (
      <Suspense fallback={<PageSpinner fullScreen />}>
        <DicomViewerPage />
      </Suspense>
    ),
  },
  ...reportViewerRoutes,
  {
    // Spec §2: everything else sits under /{section?} inside the shell. A menu section's pages need its menu
    // permission (403 page otherwise); an address no route answers is the 404 page.
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'document/*', element: <DocumentPage /> },
      // Spec §2: the exam list lives at both /pacs and /record (the URL hash names an accession to highlight).
      {
        path: 'pacs',
        element: (
          <RequireMenu>
            <WorklistPage />
          </RequireMenu>
        ),
      },
      {
        path: 'record',
        element: (
          <RequireMenu>
            <WorklistPage />
          </RequireMenu>
        ),
      },
      // Spec §2 Patient screens: the search at /patient (exact), the form at /patient/{new|import|importbycard|id}.
      {
        path: 'patient',
        element: (
          <RequireMenu>
            <PatientSearchPage />
          </RequireMenu>
        ),
      },
      {
        path: 'patient/:patientId',
        element: (
          <RequireMenu>
            <PatientFormPage />
          </RequireMenu>
        ),
      },
      // Images received for no exam, for staff to match (issue 4; not a spec menu item: reached from the worklist).
      { path: 'dicom/unmatched', element: <UnmatchedStudiesPage /> },
      // Spec §2 Request screens.
      {
        path: 'request',
        element: (
          <RequireMenu>
            <RequestListPage />
          </RequireMenu>
        ),
      },
      {
        path: 'request/new/:patientId?',
        element: (
          <RequireMenu>
            <RequestFormPage mode="new" key="new" />
          </RequireMenu>
        ),
      },
      {
        path: 'request/edit/:requestId',
        element: (
          <RequireMenu>
            <RequestFormPage mode="edit" key="edit" />
          </RequireMenu>
        ),
      },
      {
        path: 'request/upload/:requestId',
        element: (
          <RequireMenu>
            <RequestFormPage mode="upload" key="upload" />
          </RequireMenu>
        ),
      },
      // Issue 23 item 14: the administrator's audit search (menu item admin/audit, permission AUDIT).
      {
        path: 'admin/audit',
        element: (
          <RequireMenu>
            <AuditLogPage />
          </RequireMenu>
        ),
      },
      // Issue 23 item 13: backups made by the server, and "back up now" (menu item admin/backup, permission USER_ADMIN).
      {
        path: 'admin/backup',
        element: (
          <RequireMenu>
            <BackupPage />
          </RequireMenu>
        ),
      },
      // Issue 27 item 11: credentials of outside systems (menu item admin/api-credentials, permission USER_ADMIN).
      {
        path: 'admin/api-credentials',
        element: (
          <RequireMenu>
            <ApiCredentialsPage />
          </RequireMenu>
        ),
      },
      // Spec §2 Accounting screens: /accounting/{page?} and the billing detail dialog at /accounting/billing/{billingId}.
      // One element for all of them, so the billing screen keeps its results while its detail dialog opens and closes.
      {
        path: 'accounting',
        element: (
          <RequireMenu>
            <AccountingPage />
          </RequireMenu>
        ),
        children: [
          { index: true, element: null },
          { path: ':page', element: null },
          { path: 'billing/:billingId', element: null },
          { path: '*', element: null },
        ],
      },
      { path: '*', element: <UnknownPage /> },
    ],
  },
]);
