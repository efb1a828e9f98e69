import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ExamSearchResult } from '@rangsi/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

type Client = NonNullable<ExamSearchResult['clients']>[number];

interface ClientTabsProps {
  clients: readonly Client[];
  selected: number | undefined;
  onSelect: (clientId: number) => void;
}

/**
 * Spec §2: a Doctor reading for more than one client gets a tab per client with its open records, most first
 * (the server's order), the first selected.
 */
// Memoised: MUI Tabs measures its tabs after every render, a forced layout of the whole list each time.
export const ClientTabs = memo(function ClientTabs({ clients, selected, onSelect }: ClientTabsProps) {
  const { t } = useTranslation();
  const value = clients.some((c) => c.clientId === selected) ? selected : false;
  return (
    <Tabs
      value={value}
      onChange={(_, clientId: number) => onSelect(clientId)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={t('worklist.list.clientTabs')}
      data-testid="client-tabs"
      sx={{
        minHeight: 42,
        borderBottom: 1,
        borderColor: 'divider',
        px: 1,
        '& .MuiTab-root': { minHeight: 42, py: 0.5, px: 1.75 },
      }}
    >
      {clients.map((client) => (
        <Tab
          key={client.clientId}
          value={client.clientId}
          data-testid="client-tab"
          data-client-id={client.clientId}
          data-open-count={client.openCount}
          aria-label={`${client.clientName} (${t('worklist.list.openCount', { count: client.openCount })})`}
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Box component="span" data-testid="client-tab-name">
                {client.clientName}
              </Box>
              <Box
                component="span"
                data-testid="client-tab-count"
                sx={(theme) => ({
                  minWidth: 24,
                  px: 0.75,
                  borderRadius: 3,
                  fontSize: '0.75rem',
                  fontWeight: 600,
                  lineHeight: '20px',
                  fontVariantNumeric: 'tabular-nums',
                  color: client.clientId === selected ? theme.palette.primary.contrastText : theme.palette.primary.dark,
                  bgcolor: client.clientId === selected ? theme.palette.primary.main : theme.palette.illustration.tint,
                })}
              >
                {client.openCount}
              </Box>
            </Box>
          }
        />
      ))}
    </Tabs>
  );
});
