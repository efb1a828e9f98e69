import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { studyFromState, studyModalities } from '@/lib/request-from-study';
import { usePatientSummary } from './api/get-patient-summary';
import { useRequestDetail } from './api/get-request';
import { usePrivilegePricing } from './api/privilege-pricing';
import { useRequestCondition } from './api/request-condition';
import { AdditionalFieldsGrid } from './components/additional-fields-grid';
import { FormSection } from './components/form-section';
import { LabValuesSection } from './components/lab-values-section';
import { ModalityProducts } from './components/modality-products';
import { NhsoDialog } from './components/nhso-dialog';
import { OrderDetailsSection } from './components/order-details-section';
import { PriceTable, type PriceProduct } from './components/price-table';
import { RequestDocumentsSection } from './components/request-documents-section';
import { RequestFormHeader } from './components/request-form-header';
import { RequestPatientPicker } from './components/request-patient-picker';
import { RequestSavedSnackbar } from './components/request-saved-snackbar';
import { StudyBanner, StudyLinkHint } from './components/study-banner';
import { DeleteRequestButton } from './components/delete-request-button';
import { useRequestDraft } from './hooks/use-request-draft';
import { useRequestSubmit } from './hooks/use-request-submit';
import { egfrHint } from './lib/egfr-hint';
import { withAdditionalField, withAppointment, withModalities, type RequestDraft } from './lib/request-draft';

/** /request/new[/patientId], /request/edit/{id}, /request/upload/{id}: the request form of spec §2 with the rules of §4 and §5. */
export function RequestFormPage({ mode }: { mode: 'new' | 'edit' | 'upload' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { patientId, requestId } = useParams();
  const condition = useRequestCondition();
  const detail = useRequestDetail(mode === 'new' ? undefined : requestId);
  const patient = usePatientSummary(mode === 'new' ? patientId : detail.data?.patientId);
  const [nhsoOpen, setNhsoOpen] = useState(false);
  const [draft, setDraft] = useRequestDraft(mode, patientId, detail.data);
  // Made from images that arrived for no exam (the unmatched list): they go to the new exam once saved.
  const location = useLocation();
  const fromStudy = mode === 'new' ? studyFromState.unwrap(location.state) : null;
  const submitting = useRequestSubmit(mode === 'edit' ? requestId : undefined, fromStudy);
  const pricing = usePrivilegePricing(draft?.hospitalId ?? null, draft?.privilegeId ?? null);

  const c = condition.data;
  const products = useMemo<PriceProduct[]>(() => {
    if (!c || !draft) return [];
    return c.modalityProducts.flatMap((m) =>
      m.products
        .filter((p) => (draft.modalities[m.modalityCode] ?? []).includes(p.productId))
        .map((p) => ({ ...p, modalityCode: m.modalityCode })),
    );
  }, [c, draft]);

  if (mode === 'new' && !patientId) return <RequestPatientPicker />;
  if (!c || !draft)
    return condition.isError || detail.isError || patient.isError ? (
      <Box sx={{ p: 2 }}>
        {/* The server says why (a deleted request names when, by whom and why: decision WS33). */}
        <Alert severity="error" data-testid="request-form-load-error">
          {detail.error?.message || t('request.form.noPatient')}
        </Alert>
      </Box>
    ) : (
      <PageSpinner />
    );

  // Modalities with products chosen: the exams saving will make, one per modality.
  const chosenModalities = Object.entries(draft.modalities)
    .filter(([, l]) => l.length)
    .map(([m]) => m);
  const set = (patch: Partial<RequestDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setField = (key: string, value: string) => setDraft((d) => (d ? withAdditionalField(d, key, value) : d));
  const changeModalities = (next: Record<string, number[]>) => setDraft((d) => (d ? withModalities(d, next) : d));
  const header = patient.data;
  const name = header?.name ?? detail.data?.patient.name ?? '';
  const gender = header?.gender ?? detail.data?.patient.gender ?? 'Unknown';
  const age = header?.age ?? detail.data?.patient.age ?? null;
  const egfr = egfrHint(draft.additional, { ageYears: age, sex: gender }, t);
  const autoEgfr = egfr.estimate;
  const timeBad = Boolean(draft.examStartTime && draft.examEndTime && draft.examEndTime < draft.examStartTime);
  const formError = submitting.errorFor(draft, { productCount: products.length, timeBad });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submitting.submit(draft, { productCount: products.length, timeBad, autoEgfr });
      }}
      sx={{ px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}
      data-testid="request-form-page"
    >
      <RequestFormHeader mode={mode} name={name} gender={gender} age={age} detail={detail.data} />

      {fromStudy ? <StudyBanner study={fromStudy} patientHn={header?.hn ?? null} /> : null}

      {mode === 'upload' ? (
        <FormSection title={t('request.form.documents')}>
          {detail.data ? <RequestDocumentsSection detail={detail.data} types={c.requestDocuments} /> : null}
        </FormSection>
      ) : (
        <>
          <LabValuesSection
            values={draft.additional}
            onField={setField}
            autoEgfr={autoEgfr}
            egfrHelp={egfr.help}
            researchProjects={c.researchProjects}
            research={{ project: draft.research, subject: draft.researchSubject }}
            onResearch={(r) => set({ research: r.project, researchSubject: r.subject })}
          />
          <OrderDetailsSection
            condition={c}
            draft={draft}
            onChange={set}
            onAppointment={(patch) => setDraft((d) => (d ? withAppointment(d, patch) : d))}
            onField={setField}
            timeBad={timeBad}
            nationalNumber={header?.nationalNumber}
            onNhso={() => setNhsoOpen(true)}
          />

          <FormSection title={t('request.form.products')}>
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
          </FormSection>
          {products.length > 0 ? (
            <FormSection title={t('request.form.priceTable')}>
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
            </FormSection>
          ) : null}
          {formError ? (
            <Alert severity="error" data-testid="request-form-error">
              {formError.text}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            {mode === 'edit' && requestId ? <DeleteRequestButton requestId={requestId} /> : null}
            <Button onClick={() => void navigate(-1)}>{t('request.common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting.pending || submitting.saved !== null}
              startIcon={submitting.pending ? <CircularProgress size={16} color="inherit" /> : undefined}
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
      <RequestSavedSnackbar saved={submitting.saved} linked={submitting.linked} onClose={submitting.closeSaved} />
    </Box>
  );
}
