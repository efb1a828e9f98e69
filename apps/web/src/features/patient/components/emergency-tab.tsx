import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import { AddressFields } from './address-fields';
import { Cell, FormSection } from './form-section';
import { FormText } from './form-text';

/** Tab 2, emergency contact (spec §3: contactName, homePhoneNumber, workPhoneNumber, address). */
export function EmergencyTab({ form }: { form: PatientFormApi }) {
  const { t } = useTranslation();
  const { values, errors, update } = form;
  const e = values.emergencyContact;
  const change = (patch: Partial<typeof e>, clears: string[] = []) =>
    update((v) => ({ ...v, emergencyContact: { ...v.emergencyContact, ...patch } }), clears);
  return (
    <>
      <FormSection title={t('patient.emergency.title')}>
        <Cell span={6}>
          <FormText
            id="patient-emergencyContact-contactName"
            label={t('patient.emergency.contactName')}
            value={e.contactName}
            onChange={(text) => change({ contactName: text })}
            maxLength={200}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-emergencyContact-homePhoneNumber"
            label={t('patient.emergency.homePhoneNumber')}
            value={e.homePhoneNumber}
            onChange={(text) => change({ homePhoneNumber: text })}
            maxLength={30}
            inputMode="tel"
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-emergencyContact-workPhoneNumber"
            label={t('patient.emergency.workPhoneNumber')}
            value={e.workPhoneNumber}
            onChange={(text) => change({ workPhoneNumber: text })}
            maxLength={30}
            inputMode="tel"
          />
        </Cell>
      </FormSection>
      <FormSection title={t('patient.emergency.address')}>
        <AddressFields
          path="emergencyContact.address"
          value={e.address}
          onChange={(next) => change({ address: next }, ['emergencyContact.address.postCode'])}
          errors={errors}
        />
      </FormSection>
    </>
  );
}
