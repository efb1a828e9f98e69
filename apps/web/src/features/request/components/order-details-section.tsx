import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RequestCondition } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/components/time-field';
import { EXAM_TIME_STEP, type RequestDraft } from '../lib/request-draft';
import { AppointmentChoice } from './appointment-choice';
import { FormSection } from './form-section';
import { FreeTextPicker } from './free-text-picker';
import { NhsoClaimButton } from './nhso-claim-button';
import { OptionSelect } from './option-select';

/**
 * The request form's second block: appointment, hospital and what depends on it (privilege, send doctor and work
 * group, building), exam room times, health coverage, payment, technician, allergies and a note.
 */
export function OrderDetailsSection({
  condition: c,
  draft,
  onChange,
  onAppointment,
  onField,
  timeBad,
  nationalNumber,
  onNhso,
}: {
  condition: RequestCondition;
  draft: RequestDraft;
  onChange: (patch: Partial<RequestDraft>) => void;
  /** Now or a set date, its day and time (withAppointment: the start time follows). */
  onAppointment: (patch: Partial<Pick<RequestDraft, 'isSchedule' | 'scheduleDay' | 'scheduleTime'>>) => void;
  onField: (key: string, value: string) => void;
  /** The exam ends before it starts. */
  timeBad: boolean;
  nationalNumber: string | null | undefined;
  onNhso: () => void;
}) {
  const { t } = useTranslation();
  const hospital = c.hospitalPrivilages.find((h) => h.id === draft.hospitalId);
  const doctors = c.hospitalDoctors.filter((d) => d.hospitalId === draft.hospitalId);
  const buildings = c.hospitalBuildingNames.filter((b) => b.hospitalId === draft.hospitalId);
  const showWorkGroup = draft.doctor !== null && 'id' in draft.doctor && c.workGroupDoctorIds.includes(draft.doctor.id);
  return (
    <FormSection>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.25, alignItems: 'start' }}>
        <AppointmentChoice value={draft} onChange={onAppointment} />
        <OptionSelect
          label={t('request.form.hospital')}
          value={draft.hospitalId}
          options={c.hospitalPrivilages}
          // Spec §4: another hospital clears the privilege and the building (and its doctor with them).
          onChange={(v) =>
            onChange({ hospitalId: v ? Number(v) : null, privilegeId: null, building: null, doctor: null })
          }
          testId="request-hospital"
        />
        {hospital ? (
          <OptionSelect
            label={t('request.form.privilege')}
            value={draft.privilegeId}
            options={hospital.children}
            onChange={(v) => onChange({ privilegeId: v ? Number(v) : null })}
            testId="request-privilege"
          />
        ) : (
          <Box />
        )}
        <FreeTextPicker
          id="request-doctor"
          label={t('request.form.doctor')}
          options={doctors}
          value={draft.doctor}
          onChange={(doctor) => onChange({ doctor })}
          disabled={!hospital}
        />
        {showWorkGroup ? (
          <OptionSelect
            label={t('request.form.workGroup')}
            value={draft.additional.send_doctor_work_group ?? ''}
            options={c.doctorSendWorkingGroups.map((g) => ({ id: g.name, name: g.name }))}
            onChange={(v) => onField('send_doctor_work_group', v)}
            testId="request-work-group"
          />
        ) : null}
        <FreeTextPicker
          id="request-building"
          label={t('request.form.building')}
          options={buildings}
          value={draft.building}
          onChange={(building) => onChange({ building })}
          disabled={!hospital}
        />
        <TimeField
          label={t('request.form.examStart')}
          value={draft.examStartTime}
          step={EXAM_TIME_STEP}
          onChange={(examStartTime) => onChange({ examStartTime })}
          testId="exam-start"
        />
        <TimeField
          label={t('request.form.examEnd')}
          value={draft.examEndTime}
          step={EXAM_TIME_STEP}
          onChange={(examEndTime) => onChange({ examEndTime })}
          error={timeBad ? t('request.form.timeError') : undefined}
          testId="exam-end"
        />
        {c.nhsoServiceUrl ? (
          <NhsoClaimButton nationalNumber={nationalNumber} claimCode={draft.nhsoClaimCode} onOpen={onNhso} />
        ) : null}
        <OptionSelect
          label={t('request.form.payment')}
          value={draft.paymentMethodId}
          options={c.paymentMethods}
          onChange={(v) => onChange({ paymentMethodId: v ? Number(v) : null })}
          testId="request-payment"
        />
        <OptionSelect
          label={t('request.form.technician')}
          value={draft.techId}
          options={c.technicians}
          onChange={(v) => onChange({ techId: v })}
          testId="request-tech"
        />
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={c.allergies.map((a) => a.name)}
          value={draft.allergy}
          onChange={(_, allergy) => onChange({ allergy })}
          sx={{ gridColumn: 'span 2' }}
          renderInput={(p) => (
            <TextField {...p} label={t('request.form.allergies')} slotProps={{ inputLabel: { shrink: true } }} />
          )}
        />
        <TextField
          size="small"
          label={t('request.form.note')}
          value={draft.remark}
          onChange={(e) => onChange({ remark: e.target.value })}
          sx={{ gridColumn: 'span 2' }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'request-remark' } }}
        />
      </Box>
    </FormSection>
  );
}
