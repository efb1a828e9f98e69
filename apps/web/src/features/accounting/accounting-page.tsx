import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useMatch } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { PageSpinner } from '@/components/page-spinner';
import { StatusPage } from '@/components/status-page';
import { AccountingBranchProvider, useAccountingBranch } from './accounting-branch-context';
import { AccountingToolbar } from './components/accounting-toolbar';
import {
  ACCOUNTING_PAGES,
  permittedPages,
  resolveAccountingRoute,
  type AccountingPageCode,
} from './lib/accounting-pages';

// Each page is its own chunk: a petty-cash clerk never loads the billing screen.
const BillingPage = lazy(() => import('./billing/billing-page').then((m) => ({ default: m.BillingPage })));
const MoneyPage = lazy(() => import('./money/money-page').then((m) => ({ default: m.MoneyPage })));
const CostPage = lazy(() => import('./cost/cost-page').then((m) => ({ default: m.CostPage })));

const ICONS: Record<AccountingPageCode, ReactNode> = {
  billing: <ReceiptLongRounded fontSize="small" />,
  money: <AccountBalanceWalletRounded fontSize="small" />,
  cost: <PaymentsRounded fontSize="small" />,
};

/**
 * /accounting/{page?} and /accounting/billing/{billingId} (spec §2 Accounting screens): a side menu of the pages the
 * user's MENU_ACCOUNTING_* flags open (spec §6), the first of them when none is named, and a clear refusal for a page
 * the user may not open. The billing detail is a dialog over the billing screen, so the screen stays as it was.
 */
export function AccountingPage() {
  const me = useCurrentUser();
  const detail = useMatch('/accounting/billing/:billingId');
  const named = useMatch('/accounting/:page');
  const billingId = detail?.params.billingId ?? null;
  const route = resolveAccountingRoute(billingId ? 'billing' : named?.params.page, me.permissions);
  const allowed = permittedPages(me.permissions);
  // The menu keeps the address's query (the branch an Administrator chose) from page to page.
  const { search } = useLocation();

  if (route.kind === 'redirect') return <Navigate to={`/accounting/${route.page}`} replace />;
  const current = route.kind === 'show' ? route.page : route.kind === 'forbidden' ? (route.page?.page ?? null) : null;

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 1.5, py: 1.5 }} data-testid="accounting-page">
      {allowed.length > 0 ? (
        <Paper
          variant="outlined"
          component="nav"
          aria-label="เมนูบัญชี (Accounting menu)"
          sx={{ width: 150, flex: 'none', position: 'sticky', top: 76 }}
          data-testid="accounting-menu"
        >
          <List dense disablePadding sx={{ py: 0.5 }}>
            {allowed.map((p) => (
              <ListItemButton
                key={p.page}
                component={RouterLink}
                to={`/accounting/${p.page}${search}`}
                selected={p.page === current}
                aria-current={p.page === current ? 'page' : undefined}
                data-testid={`accounting-menu-${p.page}`}
                sx={{ minHeight: 44 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>{ICONS[p.page]}</ListItemIcon>
                <ListItemText
                  primary={p.th}
                  secondary={p.en}
                  slotProps={{
                    primary: { sx: { fontWeight: 600, fontSize: '0.9rem' } },
                    secondary: { sx: { fontSize: '0.72rem' } },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {route.kind === 'show' ? (
          <AccountingBranchProvider>
            <AccountingToolbar />
            <Suspense fallback={<PageSpinner />}>
              {route.page === 'billing' ? (
                <BillingPage billingId={billingId} />
              ) : (
                <BranchPage>{route.page === 'money' ? <MoneyPage /> : <CostPage />}</BranchPage>
              )}
            </Suspense>
          </AccountingBranchProvider>
        ) : route.kind === 'forbidden' ? (
          <Refusal page={route.page?.page ?? null} />
        ) : (
          <StatusPage kind="not-found" />
        )}
      </Box>
    </Box>
  );
}

/** Petty cash and exam fees belong to a branch (decision acc23): they open once it is known which. */
function BranchPage({ children }: { children: ReactNode }) {
  const { branchId, isPending, error } = useAccountingBranch();
  if (isPending) return <PageSpinner />;
  if (error)
    return (
      <Alert severity="error" data-testid="accounting-branch-error">
        {error.message || 'โหลดข้อมูลสาขาไม่สำเร็จ (Could not load the branches)'}
      </Alert>
    );
  if (branchId === null)
    return (
      <Alert severity="warning" data-testid="accounting-no-branch">
        ยังไม่มีสาขาในระบบ (No branch has been set up)
      </Alert>
    );
  // Keyed by branch: a form half typed for one branch is never saved to the next one chosen.
  return <Fragment key={branchId}>{children}</Fragment>;
}

/** A page the user may not open says so (issue 24 item 2), never "under development". */
function Refusal({ page }: { page: AccountingPageCode | null }) {
  const { i18n } = useTranslation();
  const entry = ACCOUNTING_PAGES.find((p) => p.page === page);
  const name = entry ? (i18n.resolvedLanguage === 'en' ? entry.en : entry.th) : undefined;
  return <StatusPage kind="forbidden" pageName={name} />;
}
