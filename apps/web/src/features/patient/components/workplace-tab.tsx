import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import { WORKPLACE_TYPES, type WorkPlaceType } from '../lib/patient-form-model';
import { AddressFields } from './address-fields';
import { Cell, FormSection } from './form-section';
import { FormText } from './form-text';

/** Tab 3, workplace (spec §3/§9: government, company, etc, or none). */
export function WorkplaceTab({ form }: { form: PatientFormApi }) {
  const { t } = useTranslation();
  const { values, errors, update } = form;
  const w = values.workPlace;
  const change = (patch: Partial<typeof w>, clears: string[] = []) =>
    update((v) => ({ ...v, workPlace: { ...v.workPlace, ...patch } }), clears);
  return (
    <>
      <FormSection title={t('patient.workplace.type')}>
        <Cell span={12}>
          <RadioGroup
            row
            aria-label={t('patient.workplace.type')}
            value={w.workPlaceType}
            onChange={(event) => change({ workPlaceType: event.target.value as WorkPlaceType })}
          >
            {WORKPLACE_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio size="small" />}
                label={t(`patient.workplace.types.${type}`)}
                data-testid={`workplace-${type}`}
              />
            ))}
          </RadioGroup>
        </Cell>
      </FormSection>
      {w.workPlaceType === 'none' ? null : (
        <>
          <FormSection title={t('patient.workplace.details')}>
            <Cell span={6}>
              <FormText
                id="patient-workPlace-workPlaceName"
                label={t('patient.workplace.workPlaceName')}
                value={w.workPlaceName}
                onChange={(text) => change({ workPlaceName: text })}
                maxLength={200}
              />
            </Cell>
            <Cell span={3}>
              <FormText
                id="patient-workPlace-position"
                label={t('patient.workplace.position')}
                value={w.position}
                onChange={(text) => change({ position: text })}
              />
            </Cell>
            <Cell span={3}>
              <FormText
                id="patient-workPlace-workPlaceTaxId"
                label={t('patient.workplace.workPlaceTaxId')}
                value={w.workPlaceTaxId}
                onChange={(text) => change({ workPlaceTaxId: text.replace(/\D/g, '') }, ['workPlace.workPlaceTaxId'])}
                error={errors['workPlace.workPlaceTaxId']}
                maxLength={13}
                inputMode="numeric"
              />
            </Cell>
          </FormSection>
          <FormSection title={t('patient.workplace.address')}>
            <AddressFields
              path="workPlace.workAddress"
              value={w.workAddress}
              onChange={(next) => change({ workAddress: next }, ['workPlace.workAddress.postCode'])}
              errors={errors}
            />
          </FormSection>
        </>
      )}
    </>
  );
}
