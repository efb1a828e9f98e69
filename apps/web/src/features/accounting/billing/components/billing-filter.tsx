import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BillingSearch, IdName } from '@rangsi/contract';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import { FieldLabel } from '@/components/field-label';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';
import { useHospitalPrivileges } from '../api/billing-condition';
import { useTranslation } from 'react-i18next';

/** The privilege select's value for "all privileges" (spec §5: the filter offers it). */
const ALL = 'all';
export const HOSPITAL_REQUIRED = 'กรุณาเลือกโรงพยาบาล';

interface Props {
  hospitals: IdName[];
  defaultStartDate: string;
  defaultEndDate: string;
  busy: boolean;
  onHospital: (hospitalId: number | null) => void;
  onSearch: (search: BillingSearch) => void;
}

interface Errors {
  startDate?: string;
  endDate?: string;
  hospital?: string;
}

/** Spec §2 Billing screen filter panel: date range (server's default, decision acc02), hospital (required), privilege. */
export function BillingFilter({ hospitals, defaultStartDate, defaultEndDate, busy, onHospital, onSearch }: Props) {
  const { t } = useTranslation();
  const [startDate, setStartDate] = useState(isoDayToDisplay(defaultStartDate));
  const [endDate, setEndDate] = useState(isoDayToDisplay(defaultEndDate));
  const [hospitalId, setHospitalId] = useState<number | null>(null);
  const [privilege, setPrivilege] = useState<string>(ALL);
  const [errors, setErrors] = useState<Errors>({});
  const privileges = useHospitalPrivileges(hospitalId);

  const chooseHospital = (id: number | null) => {
    setHospitalId(id);
    // The privileges are the new hospital's: the old choice means nothing there.
    setPrivilege(ALL);
    setErrors((e) => ({ ...e, hospital: undefined }));
    onHospital(id);
  };

  const submit = () => {
    const start = displayToIsoDay(startDate);
    const end = displayToIsoDay(endDate);
    const found: Errors = {};
    if (!start) found.startDate = 'วันที่ไม่ถูกต้อง (dd-MM-yyyy)';
    if (!end) found.endDate = 'วันที่ไม่ถูกต้อง (dd-MM-yyyy)';
    else if (start && start > end) found.endDate = 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น (End before start)';
    if (hospitalId === null) found.hospital = HOSPITAL_REQUIRED;
    setErrors(found);
    if (Object.keys(found).length > 0 || !start || !end || hospitalId === null) return;
    onSearch({
      startDate: start,
      endDate: end,
      hospitalId,
      ...(privilege === ALL ? {} : { privilegeId: Number(privilege) }),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-labelledby="billing-filter-title">
      <Typography variant="h6" component="h1" id="billing-filter-title" sx={{ mb: 1 }}>
        การวางบิล{' '}
        <Typography component="span" variant="inherit" color="text.secondary">
          Billing
        </Typography>
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{
          display: 'grid',
          gridTemplateColumns: '140px 140px minmax(180px, 1.2fr) minmax(180px, 1fr) auto',
          gap: 1,
          alignItems: 'start',
        }}
      >
        <DateField
          id="billing-start"
          size="small"
          label="ตั้งแต่วันที่ (From)"
          value={startDate}
          onChange={(v) => {
            setStartDate(v);
            setErrors((e) => ({ ...e, startDate: undefined }));
          }}
          error={errors.startDate}
          placeholder={t('app.datePlaceholder')}
          calendarLabel="เลือกวันที่เริ่มต้น (Pick the start date)"
          required
          errorWraps
        />
        <DateField
          id="billing-end"
          size="small"
          label="ถึงวันที่ (To)"
          value={endDate}
          onChange={(v) => {
            setEndDate(v);
            setErrors((e) => ({ ...e, endDate: undefined }));
          }}
          error={errors.endDate}
          placeholder={t('app.datePlaceholder')}
          calendarLabel="เลือกวันที่สิ้นสุด (Pick the end date)"
          required
          errorWraps
        />
        <Box sx={{ minWidth: 0 }}>
          <FieldLabel htmlFor="billing-hospital" required>
            โรงพยาบาล (Hospital)
          </FieldLabel>
          <TextField
            id="billing-hospital"
            select
            size="small"
            fullWidth
            value={hospitalId === null ? '' : String(hospitalId)}
            onChange={(e) => chooseHospital(e.target.value === '' ? null : Number(e.target.value))}
            error={Boolean(errors.hospital)}
            helperText={errors.hospital}
            slotProps={{
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'billing-hospital' } as object },
              formHelperText: {
                sx: { mx: 0 },
                ...(errors.hospital ? { 'data-testid': 'billing-hospital-error' } : {}),
              } as object,
            }}
          >
            <MenuItem value="">
              <Typography component="span" color="text.secondary">
                เลือกโรงพยาบาล (Choose)
              </Typography>
            </MenuItem>
            {hospitals.map((h) => (
              <MenuItem key={h.id} value={String(h.id)}>
                {h.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <FieldLabel htmlFor="billing-privilege">สิทธิการรักษา (Privilege)</FieldLabel>
          <TextField
            id="billing-privilege"
            select
            size="small"
            fullWidth
            value={privilege}
            disabled={hospitalId === null}
            onChange={(e) => setPrivilege(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'billing-privilege' } as object } }}
          >
            <MenuItem value={ALL}>ทุกสิทธิ (All privileges)</MenuItem>
            {(privileges.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ pt: 2.6 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid="billing-search"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SearchRounded />}
          >
            ค้นหา (Search)
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
