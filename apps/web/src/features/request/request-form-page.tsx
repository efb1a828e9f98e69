import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequestSaved } from '@rangsi/contract';
import { estimateEgfr } from '@rangsi/domain';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { examForStudy, studyFromState, studyModalities } from '@/lib/request-from-study';
import { StudyBanner, StudyLinkHint } from './components/study-banner';
import { useRequestDetail } from './api/get-request';
import { usePatientSummary } from './api/get-patient-summary';
import { usePrivilegePricing } from './api/privilege-pricing';
import { useRequestCondition } from './api/request-condition';
import { useLinkStudy } from './api/link-study';
import { useSaveRequest } from './api/request-mutations';
import { RequestDocumentsSection } from './components/request-documents-section';
import { AdditionalFieldsGrid } from './components/additional-fields-grid';
import { NhsoDialog } from './components/nhso-dialog';
import { FreeTextPicker } from './components/free-text-picker';
import { ModalityProducts } from './components/modality-products';
import { PriceTable, type PriceProduct } from './components/price-table';
import { draftFromDetail, emptyDraft, KEPT_FIELDS, timeOptions, toSave, type RequestDraft } from './lib/request-draft';

const APPOINTMENT_TIMES = timeOptions(10);
const EXAM_TIMES = timeOptions(5);
const BLOOD_DATES = ['blood_test_date_bun', 'blood_test_date_creatinine', 'blood_test_date_egfr'] as const;

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      {title ? (
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/** /request/new[/patientId], /request/edit/{id}, /request/upload/{id}: the request form of spec §2 with the rules of §4 and §5. */
export function RequestFormPage({ mode }: { mode: 'new' | 'edit' | 'upload' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { patientId, requestId } = useParams();
  const condition = useRequestCondition();
  const detail = useRequestDetail(mode === 'new' ? undefined : requestId);
  const patient = usePatientSummary(mode === 'new' ? patientId : detail.data?.patientId);
  const [nhsoOpen, setNhsoOpen] = useState(false);
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  const [saved, setSaved] = useState<RequestSaved | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useSaveRequest(mode === 'edit' ? requestId : undefined);
  // Made from images that arrived for no exam (the unmatched list): they go to the new exam once saved.
  const location = useLocation();
  const fromStudy = mode === 'new' ? studyFromState.unwrap(location.state) : null;
  const linkStudyTo = useLinkStudy();
  const [linked, setLinked] = useState<{ ok: true; accession: string | null } | { ok: false; reason: string } | null>(
    null,
  );
  const pricing = usePrivilegePricing(draft?.hospitalId ?? null, draft?.privilegeId ?? null);

  useEffect(() => {
    if (draft) return;
    if (mode === 'new' && patientId) setDraft(emptyDraft(patientId));
    if (mode !== 'new' && detail.data) setDraft(draftFromDetail(detail.data));
  }, [draft, mode, patientId, detail.data]);

  // Spec §4: the saved message shows for 10 s, and the list opens after 3 s.
  useEffect(() => {
    if (!saved) return;
    // The list takes the message over for the rest of its 10 s.
    const text = [
      `${t('request.form.saved')} · ${t('request.form.savedAccessions', { list: saved.exams.map((e) => e.accessionNumber).join(', ') })}`,
      linkedText(linked, t),
    ]
      .filter(Boolean)
      .join(' · ');
    const timer = window.setTimeout(
      () => void navigate('/request', { state: { savedNotice: text, hideAt: Date.now() + 7000 } }),
      3000,
    );
    return () => window.clearTimeout(timer);
  }, [saved, linked, navigate, t]);

  const c = condition.data;
  const products = useMemo<PriceProduct[]>(() => {
    if (!c || !draft) return [];
    return c.modalityProducts.flatMap((m) =>
      m.products
        .filter((p) => (draft.modalities[m.modalityCode] ?? []).includes(p.productId))
        .map((p) => ({ ...p, modalityCode: m.modalityCode })),
    );
  }, [c, draft]);

  if (mode === 'new' && !patientId) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/patient">
              {t('request.form.findPatient')}
            </Button>
          }
        >
          {t('request.form.noPatient')}
        </Alert>
      </Box>
    );
  }
  if (!c || !draft)
    return condition.isError || detail.isError || patient.isError ? (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{t('request.form.noPatient')}</Alert>
      </Box>
    ) : (
      <PageSpinner />
    );

  // Modalities with products chosen: the exams saving will make, one per modality.
  const chosenModalities = Object.entries(draft.modalities)
    .filter(([, l]) => l.length)
    .map(([m]) => m);
  const set = (patch: Partial<RequestDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setField = (key: string, value: string) =>
    setDraft((d) => {
      if (!d) return d;
      const additional = { ...d.additional, [key]: value };
      // Spec §5: a blood test date fills the other blood test dates that are still empty.
      if ((BLOOD_DATES as readonly string[]).includes(key) && value)
        for (const k of BLOOD_DATES) if (!additional[k]) additional[k] = value;
      return { ...d, additional };
    });
  const header = patient.data;
  const name = header?.name ?? detail.data?.patient.name ?? '';
  const gender = header?.gender ?? detail.data?.patient.gender ?? 'Unknown';
  const age = header?.age ?? detail.data?.patient.age ?? null;
  const numberOf = (key: string) => (draft.additional[key] ? Number(draft.additional[key]) : null);
  const egfrEstimate = estimateEgfr({
    creatinineMgDl: numberOf('creatinine'),
    ageYears: age,
    sex: gender,
    heightCm: numberOf('height'),
  });
  const autoEgfr = egfrEstimate.value;
  // The helper says which equation gave the placeholder, or what the user can fill for one (a child's height).
  const egfrHelp =
    draft.additional.egfr || !draft.additional.creatinine
      ? undefined
      : egfrEstimate.value !== null
        ? `${t(`request.form.egfrMethod.${egfrEstimate.method}`)}: ${egfrEstimate.value}`
        : t(`request.form.egfrGap.${egfrEstimate.gap}`);
  const hospital = c.hospitalPrivilages.find((h) => h.id === draft.hospitalId);
  const doctors = c.hospitalDoctors.filter((d) => d.hospitalId === draft.hospitalId);
  const buildings = c.hospitalBuildingNames.filter((b) => b.hospitalId === draft.hospitalId);
  const showWorkGroup = draft.doctor !== null && 'id' in draft.doctor && c.workGroupDoctorIds.includes(draft.doctor.id);
  const timeBad = draft.examStartTime && draft.examEndTime && draft.examEndTime < draft.examStartTime;

  const changeModalities = (next: Record<string, number[]>) =>
    setDraft((d) => {
      if (!d) return d;
      const chosen = new Set(Object.values(next).flat().map(String));
      const codesBefore = Object.entries(d.modalities)
        .filter(([, l]) => l.length)
        .map(([k]) => k)
        .sort()
        .join();
      const codesAfter = Object.entries(next)
        .filter(([, l]) => l.length)
        .map(([k]) => k)
        .sort()
        .join();
      // Spec §4/§5: removed products lose their custom price; a change of modalities keeps only the listed fields.
      const custom = Object.fromEntries(Object.entries(d.custom).filter(([k]) => chosen.has(k)));
      const additional =
        codesBefore === codesAfter
          ? d.additional
          : Object.fromEntries(Object.entries(d.additional).filter(([k]) => KEPT_FIELDS.includes(k)));
      return { ...d, modalities: next, custom, additional };
    });

  const submit = () => {
    if (!draft.hospitalId) {
      setLocalError(t('request.form.chooseHospital'));
      return;
    }
    if (products.length === 0) {
      setLocalError(t('request.form.chooseProduct'));
      return;
    }
    if (timeBad) {
      setLocalError(t('request.form.timeError'));
      return;
    }
    setLocalError(null);
    const body = toSave(draft);
    if (!draft.additional.egfr && autoEgfr !== null)
      body.additionalFields = { ...body.additionalFields, egfr: String(autoEgfr) };
    save.mutate(body, {
      onSuccess: (data) => {
        if (!fromStudy) {
          setSaved(data);
          return;
        }
        void linkStudy(data).then((outcome) => {
          setLinked(outcome);
          setSaved(data);
        });
      },
    });
  };

  /** The unmatched study's images to the saved request's exam of their modality (the server checks scope and state). */
  async function linkStudy(data: RequestSaved): Promise<NonNullable<typeof linked>> {
    const exam = examForStudy(fromStudy!, data.exams);
    if (!exam) return { ok: false, reason: t('request.form.studyNoExam') };
    try {
      await linkStudyTo.mutateAsync({ studyId: fromStudy!.studyId, examId: exam.examId });
      return { ok: true, accession: exam.accessionNumber };
    } catch (e) {
      return { ok: false, reason: e instanceof Error && e.message ? e.message : t('request.form.studyLinkFailed') };
    }
  }

  const text = (key: string, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={draft.additional[key] ?? ''}
      onChange={(e) => setField(key, e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${key}` } }}
      {...extra}
    />
  );
  const select = (
    label: string,
    value: string | number | null,
    options: { id: string | number; name: string }[],
    onChange: (v: string) => void,
    testId: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">—</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const title =
    mode === 'new'
      ? t('request.form.titleNew')
      : mode === 'edit'
        ? t('request.form.titleEdit')
        : t('request.form.titleUpload');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}
      data-testid="request-form-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        <Typography variant="subtitle1" data-testid="request-patient-name">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`request.form.gender${gender}`, { defaultValue: gender })}
          {age !== null ? ` · ${t('request.form.age', { age })}` : ''}
        </Typography>
        {detail.data?.status === 'Hold' ? (
          <Alert severity="warning" sx={{ py: 0 }}>
            {detail.data.statusRemark}
          </Alert>
        ) : null}
      </Box>

      {fromStudy ? <StudyBanner study={fromStudy} patientHn={header?.hn ?? null} /> : null}

      {mode === 'upload' ? (
        <Section title={t('request.form.documents')}>
          {detail.data ? <RequestDocumentsSection detail={detail.data} types={c.requestDocuments} /> : null}
        </Section>
      ) : (
        <>
          <Section>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.25 }}>
              {text('weight', t('request.form.weight'), { inputMode: 'decimal' })}
              {text('height', t('request.form.height'))}
              {text('bun', t('request.form.bun'))}
              {text('creatinine', t('request.form.creatinine'))}
              {text('egfr', t('request.form.egfr'), {
                placeholder: autoEgfr !== null ? String(autoEgfr) : '',
                helperText: egfrHelp,
              })}
              <FreeTextPicker
                id="request-research"
                label={t('request.form.researchProject')}
                options={c.researchProjects}
                value={draft.research}
                onChange={(research) => set({ research })}
              />
              {BLOOD_DATES.map((k) =>
                text(
                  k,
                  t(
                    `request.form.${k === 'blood_test_date_bun' ? 'bloodBun' : k === 'blood_test_date_creatinine' ? 'bloodCreatinine' : 'bloodEgfr'}`,
                  ),
                  { key: k, placeholder: 'dd-MM-yyyy' },
                ),
              )}
            </Box>
          </Section>

          <Section>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.25, alignItems: 'start' }}
            >
              <Box sx={{ gridColumn: 'span 2', display: 'flex', gap: 1, alignItems: 'center' }}>
                <RadioGroup
                  row
                  value={draft.isSchedule ? 'schedule' : 'now'}
                  onChange={(e) => set({ isSchedule: e.target.value === 'schedule' })}
                  aria-label={t('request.form.appointment')}
                >
                  <FormControlLabel value="now" control={<Radio size="small" />} label={t('request.form.now')} />
                  <FormControlLabel
                    value="schedule"
                    control={<Radio size="small" />}
                    label={t('request.form.schedule')}
                    data-testid="appointment-schedule"
                  />
                </RadioGroup>
                {draft.isSchedule ? (
                  <>
                    <TextField
                      size="small"
                      label={t('request.form.scheduleAt')}
                      value={draft.scheduleDay}
                      onChange={(e) => set({ scheduleDay: e.target.value })}
                      placeholder="dd-MM-yyyy"
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-day' } }}
                      sx={{ width: 140 }}
                    />
                    <TextField
                      select
                      size="small"
                      value={draft.scheduleTime}
                      onChange={(e) => set({ scheduleTime: e.target.value })}
                      sx={{ width: 100 }}
                      slotProps={{ htmlInput: { 'data-testid': 'schedule-time' } }}
                    >
                      {APPOINTMENT_TIMES.map((o) => (
                        <MenuItem key={o} value={o}>
                          {o}
                        </MenuItem>
                      ))}
                    </TextField>
                  </>
                ) : null}
              </Box>
              {select(
                t('request.form.hospital'),
                draft.hospitalId,
                c.hospitalPrivilages,
                (v) => set({ hospitalId: v ? Number(v) : null, privilegeId: null, building: null, doctor: null }),
                'request-hospital',
              )}
              {hospital ? (
                select(
                  t('request.form.privilege'),
                  draft.privilegeId,
                  hospital.children,
                  (v) => set({ privilegeId: v ? Number(v) : null }),
                  'request-privilege',
                )
              ) : (
                <Box />
              )}
              <FreeTextPicker
                id="request-doctor"
                label={t('request.form.doctor')}
                options={doctors}
                value={draft.doctor}
                onChange={(doctor) => set({ doctor })}
                disabled={!hospital}
              />
              {showWorkGroup
                ? select(
                    t('request.form.workGroup'),
                    draft.additional.send_doctor_work_group ?? '',
                    c.doctorSendWorkingGroups.map((g) => ({ id: g.name, name: g.name })),
                    (v) => setField('send_doctor_work_group', v),
                    'request-work-group',
                  )
                : null}
              <FreeTextPicker
                id="request-building"
                label={t('request.form.building')}
                options={buildings}
                value={draft.building}
                onChange={(building) => set({ building })}
                disabled={!hospital}
              />
              <TextField
                select
                size="small"
                label={t('request.form.examStart')}
                value={draft.examStartTime}
                onChange={(e) => set({ examStartTime: e.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'exam-start' } }}
              >
                <MenuItem value="">—</MenuItem>
                {EXAM_TIMES.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('request.form.examEnd')}
                value={draft.examEndTime}
                onChange={(e) => set({ examEndTime: e.target.value })}
                error={Boolean(timeBad)}
                helperText={timeBad ? t('request.form.timeError') : undefined}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'exam-end' } }}
              >
                <MenuItem value="">—</MenuItem>
                {EXAM_TIMES.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
              {c.nhsoServiceUrl ? (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={!header?.nationalNumber}
                    onClick={() => setNhsoOpen(true)}
                    data-testid="nhso-open"
                    title={header?.nationalNumber ? undefined : t('request.nhso.noId')}
                  >
                    {t('request.nhso.button')}
                  </Button>
                  {draft.nhsoClaimCode ? (
                    <Typography variant="body2" data-testid="nhso-claim-code">
                      {t('request.nhso.claimCode')}: {draft.nhsoClaimCode}
                    </Typography>
                  ) : null}
                </Box>
              ) : null}
              {select(
                t('request.form.payment'),
                draft.paymentMethodId,
                c.paymentMethods,
                (v) => set({ paymentMethodId: v ? Number(v) : null }),
                'request-payment',
              )}
              {select(
                t('request.form.technician'),
                draft.techId,
                c.technicians,
                (v) => set({ techId: v }),
                'request-tech',
              )}
              <Autocomplete
                multiple
                freeSolo
                size="small"
                options={c.allergies.map((a) => a.name)}
                value={draft.allergy}
                onChange={(_, allergy) => set({ allergy })}
                sx={{ gridColumn: 'span 2' }}
                renderInput={(p) => (
                  <TextField {...p} label={t('request.form.allergies')} slotProps={{ inputLabel: { shrink: true } }} />
                )}
              />
              <TextField
                size="small"
                label={t('request.form.note')}
                value={draft.remark}
                onChange={(e) => set({ remark: e.target.value })}
                sx={{ gridColumn: 'span 2' }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'request-remark' } }}
              />
            </Box>
          </Section>

          <Section title={t('request.form.products')}>
            {fromStudy ? <StudyLinkHint study={fromStudy} plannedModalities={chosenModalities} /> : null}
            <ModalityProducts
              catalogue={c.modalityProducts}
              value={draft.modalities}
              onChange={changeModalities}
              preferred={fromStudy ? studyModalities(fromStudy) : []}
            />
            <AdditionalFieldsGrid
              condition={c}
              modalities={chosenModalities}
              values={{
                ...draft.additional,
                egfr: draft.additional.egfr || (autoEgfr !== null ? String(autoEgfr) : ''),
              }}
              onChange={setField}
            />
          </Section>
          {products.length > 0 ? (
            <Section title={t('request.form.priceTable')}>
              <PriceTable
                products={products}
                privilegePrices={pricing.data ?? new Map()}
                quantity={draft.quantity}
                dose={draft.dose}
                custom={draft.custom}
                onQuantity={(id, v) => set({ quantity: { ...draft.quantity, [id]: v } })}
                onDose={(id, v) => set({ dose: { ...draft.dose, [id]: v } })}
                onCustom={(id, v) => set({ custom: { ...draft.custom, [id]: v } })}
              />
            </Section>
          ) : null}
          {localError || save.error ? (
            <Alert severity="error" data-testid="request-form-error">
              {localError ?? save.error?.message}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(-1)}>{t('request.common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || linkStudyTo.isPending || saved !== null}
              startIcon={
                save.isPending || linkStudyTo.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
              }
              data-testid="request-submit"
            >
              {mode === 'edit' ? t('request.form.submitEdit') : t('request.form.submitNew')}
            </Button>
          </Box>
        </>
      )}
      {nhsoOpen && c.nhsoServiceUrl && header?.nationalNumber ? (
        <NhsoDialog
          baseUrl={c.nhsoServiceUrl}
          pid={header.nationalNumber}
          hn={header.hn}
          onClose={() => setNhsoOpen(false)}
          onClaim={(code) => {
            setNhsoOpen(false);
            setDraft((d) =>
              d ? { ...d, nhsoClaimCode: code, additional: { ...d.additional, nhso_auth_code: code } } : d,
            );
          }}
        />
      ) : null}
      <Snackbar
        open={saved !== null}
        autoHideDuration={10_000}
        onClose={() => setSaved(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {saved ? (
          <Alert
            severity={saved.status === 'Hold' || linked?.ok === false ? 'warning' : 'success'}
            variant="filled"
            data-testid="request-saved"
          >
            {t('request.form.saved')} ·{' '}
            {t('request.form.savedAccessions', { list: saved.exams.map((e) => e.accessionNumber).join(', ') })}
            {saved.status === 'Hold' ? ` · ${t('request.form.held')}` : ''}
            {linked ? ` · ${linkedText(linked, t)}` : ''}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}

/** What became of the images a request was made for, for the saved message. */
function linkedText(
  linked: { ok: true; accession: string | null } | { ok: false; reason: string } | null,
  t: TFunction,
): string {
  if (!linked) return '';
  return linked.ok
    ? t('request.form.studyLinked', { accession: linked.accession ?? '' })
    : t('request.form.studyNotLinked', { reason: linked.reason });
}
