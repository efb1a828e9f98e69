import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { bahtToSatang, doseUnitOf, formatBaht, unitPriceSatang } from '@rangsi/domain';
import { useTranslation } from 'react-i18next';

export interface PriceProduct {
  productId: number;
  name: string;
  productGroup: string;
  defaultPrice: number;
  modalityCode: string;
}

/** Spec §5 price table: custom → privilege → default price, quantity above 0, row total, FILM in sheets and contrast in ml. */
export function PriceTable({
  products,
  privilegePrices,
  quantity,
  dose,
  custom,
  onQuantity,
  onDose,
  onCustom,
}: {
  products: PriceProduct[];
  privilegePrices: Map<number, number>;
  quantity: Record<string, string>;
  dose: Record<string, string>;
  custom: Record<string, string>;
  onQuantity: (id: number, v: string) => void;
  onDose: (id: number, v: string) => void;
  onCustom: (id: number, v: string) => void;
}) {
  const { t } = useTranslation();
  let grand = 0;
  const rows = products.map((p) => {
    const key = String(p.productId);
    const q = quantity[key] ?? '1';
    const qn = Number(q);
    const qOk = Number.isInteger(qn) && qn > 0;
    const c = custom[key] ?? '';
    const cSatang = c.trim() === '' ? null : bahtToSatang(Number(c));
    const cOk = c.trim() === '' || cSatang !== null;
    const price = unitPriceSatang({
      customSatang: cSatang,
      privilegeSatang: privilegePrices.has(p.productId) ? Math.round(privilegePrices.get(p.productId)! * 100) : null,
      defaultSatang: Math.round(p.defaultPrice * 100),
    });
    const total = qOk ? price * qn : 0;
    grand += total;
    const unit = doseUnitOf(p);
    return (
      <TableRow key={p.productId} data-testid="price-row" data-product-id={p.productId}>
        <TableCell>{p.modalityCode}</TableCell>
        <TableCell>{p.name}</TableCell>
        <TableCell sx={{ width: 90 }}>
          <TextField
            size="small"
            value={q}
            onChange={(e) => onQuantity(p.productId, e.target.value)}
            error={!qOk}
            helperText={qOk ? undefined : t('request.form.quantityError')}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                'aria-label': `${t('request.form.quantity')} ${p.name}`,
                'data-testid': `qty-${p.productId}`,
              },
            }}
          />
        </TableCell>
        <TableCell sx={{ width: 120 }}>
          {unit ? (
            <TextField
              size="small"
              value={dose[key] ?? ''}
              onChange={(e) => onDose(p.productId, e.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `${t('request.form.dose')} ${p.name}`,
                  'data-testid': `dose-${p.productId}`,
                },
                input: { endAdornment: <span style={{ marginLeft: 4 }}>{t(`request.form.${unit}`)}</span> },
              }}
            />
          ) : null}
        </TableCell>
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatBaht(price / 100)}
        </TableCell>
        <TableCell sx={{ width: 130 }}>
          <TextField
            size="small"
            value={c}
            onChange={(e) => onCustom(p.productId, e.target.value)}
            error={!cOk}
            helperText={cOk ? undefined : t('request.form.priceError')}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                'aria-label': `${t('request.form.customPrice')} ${p.name}`,
                'data-testid': `custom-${p.productId}`,
              },
            }}
          />
        </TableCell>
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${p.productId}`}>
          {formatBaht(total / 100)}
        </TableCell>
      </TableRow>
    );
  });
  return (
    <Table size="small" aria-label={t('request.form.priceTable')} data-testid="price-table">
      <TableHead>
        <TableRow>
          <TableCell>Modality</TableCell>
          <TableCell>{t('request.form.product')}</TableCell>
          <TableCell>{t('request.form.quantity')}</TableCell>
          <TableCell>{t('request.form.dose')}</TableCell>
          <TableCell align="right">{t('request.form.unitPrice')}</TableCell>
          <TableCell>{t('request.form.customPrice')}</TableCell>
          <TableCell align="right">{t('request.form.total')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows}
        <TableRow>
          <TableCell colSpan={6} align="right" sx={{ fontWeight: 600 }}>
            {t('request.form.grandTotal')}
          </TableCell>
          <TableCell
            align="right"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            data-testid="grand-total"
          >
            {formatBaht(grand / 100)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
