import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
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
          label={tab.label}
          data-testid="report-tab"
          data-report-name={tab.name}
          data-greyed={tab.greyed ? 'true' : undefined}
          sx={tab.greyed ? { color: 'text.disabled', '&.Mui-selected': { color: 'text.secondary' } } : undefined}
        />
      ))}
    </Tabs>
  );
}
