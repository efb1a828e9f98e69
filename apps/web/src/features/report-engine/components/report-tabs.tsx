import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Report } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { withoutExtension } from '../lib/report-kinds';

/** One tab per report name (spec §2): its title; the report's file name is a code and stays off screen. */
export function ReportTabs({
  reports,
  current,
  onSelect,
}: {
  reports: Report[];
  current: string;
  onSelect: (reportName: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const english = i18n.resolvedLanguage === 'en';
  return (
    <Tabs
      value={current}
      onChange={(_e, value: string) => onSelect(value)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('reportViewer.tabs')}
      sx={{ minHeight: 48 }}
    >
      {reports.map((r) => (
        <Tab
          key={r.reportName}
          value={r.reportName}
          data-testid={`report-tab-${withoutExtension(r.reportName)}`}
          sx={{ minHeight: 48, py: 0.5, textTransform: 'none', alignItems: 'flex-start' }}
          label={
            <Box component="span" sx={{ textAlign: 'left', lineHeight: 1.5, fontWeight: 600 }}>
              {english ? r.titleEn : r.title}
            </Box>
          }
        />
      ))}
    </Tabs>
  );
}
