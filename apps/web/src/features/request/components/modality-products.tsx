import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { RequestCondition } from '@rangsi/contract';
import { useState } from 'react';
import { formatBaht } from '@rangsi/domain';

/**
 * One tab per modality with product checkboxes (spec §2 Request form); the tab label counts the chosen products. The
 * first tab open is the first of `preferred` the catalogue has (a request made for MR images opens on MR), else the
 * catalogue's first.
 */
export function ModalityProducts({
  catalogue,
  value,
  onChange,
  preferred = [],
}: {
  catalogue: RequestCondition['modalityProducts'];
  value: Record<string, number[]>;
  onChange: (next: Record<string, number[]>) => void;
  preferred?: readonly string[];
}) {
  const [tab, setTab] = useState(() => {
    const codes = catalogue.map((m) => m.modalityCode);
    return preferred.find((code) => codes.includes(code)) ?? codes[0] ?? '';
  });
  const current = catalogue.find((m) => m.modalityCode === tab);
  const toggle = (code: string, id: number) => {
    const list = value[code] ?? [];
    onChange({ ...value, [code]: list.includes(id) ? list.filter((x) => x !== id) : [...list, id] });
  };
  return (
    <Box data-testid="modality-products">
      <Tabs
        value={tab}
        onChange={(_, v: string) => setTab(v)}
        variant="scrollable"
        sx={{ minHeight: 36, borderBottom: 1, borderColor: 'divider' }}
      >
        {catalogue.map((m) => {
          const n = value[m.modalityCode]?.length ?? 0;
          return (
            <Tab
              key={m.modalityCode}
              value={m.modalityCode}
              label={n ? `${m.modalityCode} (${n})` : m.modalityCode}
              sx={{ minHeight: 36, py: 0.5 }}
              data-testid={`modality-tab-${m.modalityCode}`}
            />
          );
        })}
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 1, p: 1 }}>
        {current?.products.map((p) => (
          <FormControlLabel
            key={p.productId}
            sx={{ m: 0 }}
            control={
              <Checkbox
                size="small"
                checked={(value[tab] ?? []).includes(p.productId)}
                onChange={() => toggle(tab, p.productId)}
                slotProps={{ input: { 'data-testid': `product-${p.productId}` } as object }}
              />
            }
            label={
              <Box component="span" sx={{ fontSize: 14 }}>
                {p.name}{' '}
                <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                  {formatBaht(p.defaultPrice)}
                </Box>
              </Box>
            }
          />
        ))}
      </Box>
    </Box>
  );
}
