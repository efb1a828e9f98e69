import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { MAX_EXPENSE_LINES, MAX_ITEM_NAME_CHARS } from '@rangsi/contract';
import { useEffect, useRef } from 'react';
import { FieldLabel } from '@/components/field-label';
import { AmountField } from '../../components/amount-field';

export interface ExpenseLine {
  /** Stable React key: lines are added and removed in the middle. */
  key: number;
  name: string;
  amount: string;
}

interface ExpenseLinesProps {
  lines: readonly ExpenseLine[];
  onChange: (lines: ExpenseLine[]) => void;
  /** Messages per line key. */
  errors: Record<number, { name?: string; amount?: string }>;
  newKey: () => number;
}

/**
 * The expense lines of a petty-cash save: name and amount, always at least one line. Enter in the last amount adds a
 * line and moves to its name; Enter in another amount moves to the next line, Enter in a name to its amount.
 */
export function ExpenseLines({ lines, onChange, errors, newKey }: ExpenseLinesProps) {
  const nameRefs = useRef(new Map<number, HTMLInputElement>());
  const amountRefs = useRef(new Map<number, HTMLInputElement>());
  const focusKey = useRef<number | null>(null);

  useEffect(() => {
    if (focusKey.current === null) return;
    nameRefs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  }, [lines]);

  const set = (key: number, patch: Partial<ExpenseLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = () => {
    if (lines.length >= MAX_EXPENSE_LINES) return;
    const key = newKey();
    focusKey.current = key;
    onChange([...lines, { key, name: '', amount: '' }]);
  };
  const remove = (key: number) => {
    const rest = lines.filter((l) => l.key !== key);
    onChange(rest.length ? rest : [{ key: newKey(), name: '', amount: '' }]);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="expense-lines">
      <Box component="legend" sx={{ p: 0 }}>
        <FieldLabel required>รายการค่าใช้จ่าย (Expenses)</FieldLabel>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '28px minmax(0, 1fr) 180px 36px',
          columnGap: 1,
          rowGap: 0.75,
          alignItems: 'start',
        }}
      >
        <Box />
        <FieldLabel>ชื่อรายการ (Item)</FieldLabel>
        <FieldLabel>จำนวนเงิน (Amount)</FieldLabel>
        <Box />
        {lines.map((line, i) => {
          const last = i === lines.length - 1;
          const err = errors[line.key] ?? {};
          return (
            <Box key={line.key} sx={{ display: 'contents' }} data-testid="expense-line">
              <Box
                sx={{
                  pt: 1,
                  textAlign: 'right',
                  color: 'text.secondary',
                  fontVariantNumeric: 'tabular-nums',
                  fontSize: '0.875rem',
                }}
              >
                {i + 1}.
              </Box>
              <TextField
                size="small"
                fullWidth
                value={line.name}
                onChange={(e) => set(line.key, { name: e.target.value })}
                error={Boolean(err.name)}
                helperText={err.name}
                autoComplete="off"
                placeholder="เช่น ค่าส่งเอกสาร"
                slotProps={{
                  htmlInput: {
                    maxLength: MAX_ITEM_NAME_CHARS,
                    'aria-label': `ชื่อรายการที่ ${i + 1} (Item ${i + 1})`,
                    'data-testid': 'expense-name',
                  },
                  formHelperText: { sx: { mx: 0 } },
                }}
                onKeyDown={(e) => {
                  // Enter in a name goes on to its amount rather than saving the form half typed.
                  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                  e.preventDefault();
                  amountRefs.current.get(line.key)?.focus();
                }}
                inputRef={(el: HTMLInputElement | null) => {
                  if (el) nameRefs.current.set(line.key, el);
                  else nameRefs.current.delete(line.key);
                }}
              />
              <AmountField
                id={`expense-amount-${line.key}`}
                value={line.amount}
                onChange={(amount) => set(line.key, { amount })}
                error={err.amount}
                ariaLabel={`จำนวนเงินรายการที่ ${i + 1} (Amount ${i + 1})`}
                testId="expense-amount"
                inputRef={(el: HTMLInputElement | null) => {
                  if (el) amountRefs.current.set(line.key, el);
                  else amountRefs.current.delete(line.key);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                  e.preventDefault();
                  if (last) add();
                  else nameRefs.current.get(lines[i + 1]!.key)?.focus();
                }}
              />
              <Tooltip title="ลบรายการ (Remove the line)">
                <span>
                  <IconButton
                    aria-label={`ลบรายการที่ ${i + 1} (Remove line ${i + 1})`}
                    onClick={() => remove(line.key)}
                    disabled={lines.length === 1 && !line.name && !line.amount}
                    data-testid="expense-remove"
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          );
        })}
      </Box>
      <Button
        size="small"
        startIcon={<AddRounded />}
        onClick={add}
        disabled={lines.length >= MAX_EXPENSE_LINES}
        sx={{ mt: 0.75, ml: 3.5 }}
        data-testid="expense-add"
      >
        เพิ่มรายการ (Add line)
      </Button>
    </Box>
  );
}
