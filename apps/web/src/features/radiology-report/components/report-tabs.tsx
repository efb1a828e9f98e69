import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isPacsReportName } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';
import type { ReportTab } from '../lib/report-tabs';

interface ReportTabsProps {
  tabs: readonly ReportTab[];
  selected: string | undefined;
  onSelect: (name: string) => void;
}

/** Spec §2: one tab per report name, extension hidden, non-first PACS tabs greyed when there are several. */
export function ReportTabs({ tabs, selected, onSelect }: ReportTabsProps) {
  const { t } = useTranslation();
  // The radiology report's name (pacs) is a code: its tab says what it is; other PACS reports add their own name.
  const tabLabel = (tab: ReportTab) =>
    !isPacsReportName(tab.name)
      ? tab.label
      : /^pacs$/i.test(tab.label)
        ? t('report.tabRadiology')
        : `${t('report.tabRadiology')} · ${tab.label}`;
  return (
    <Tabs
      value={tabs.some((tab) => tab.name === selected) ? selected : false}
      onChange={(_, value: string) => onSelect(value)}
      variant="scrollable"
      aria-label={t('report.tabs')}
      data-testid="report-tabs"
      sx={{
        minHeight: 40,
        px: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minHeight: 40, py: 0.5 },
      }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.name}
          value={tab.name}
          label={tabLabel(tab)}
          data-testid="report-tab"
          data-report-name={tab.name}
          data-greyed={tab.greyed ? 'true' : undefined}
          sx={tab.greyed ? { color: 'text.disabled', '&.Mui-selected': { color: 'text.secondary' } } : undefined}
        />
      ))}
    </Tabs>
  );
}
