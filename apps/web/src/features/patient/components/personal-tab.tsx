import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PatientFormData } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import type { RomanizedPart } from '../hooks/use-romanization';
import { ageFromDisplay, birthDateFromAge } from '../lib/day';
import { inputIdOf, type Gender, type NameKey } from '../lib/patient-form-model';
import { pairEnglishPrefix, pairThaiPrefix } from '../lib/prefix-pairing';
import { AddressFields } from './address-fields';
import { DateField } from '@/components/date-field';
import { FieldLabel } from '@/components/field-label';
import { Cell, FormSection } from './form-section';
import { FormText } from './form-text';
import { PrefixField } from './prefix-field';
import { bangkokToday } from '@rangsi/domain';

interface PersonalTabProps {
  form: PatientFormApi;
  formData: PatientFormData;
  /** Thai first/last name typed: romanize after the pause (spec §5). */
  onThaiNameTyped: (part: RomanizedPart, text: string) => void;
  /** English first/last name typed by hand: no longer ours to fill. */
  onEnglishNameTyped: (part: RomanizedPart) => void;
  existing: boolean;
}

const GENDERS: readonly Gender[] = ['Male', 'Female', 'Unknown'];

/** Tab 0, personal data: identity numbers, Thai and English names, gender, birth date or age, addresses. */
export function PersonalTab({ form, formData, onThaiNameTyped, onEnglishNameTyped, existing }: PersonalTabProps) {
  const { t } = useTranslation();
  const { values: v, errors, update, set } = form;

  const nameField = (lang: 'TH' | 'EN', key: Exclude<NameKey, 'prefix'>, span: number, required = false) => {
    const path = `name${lang}.${key}`;
    return (
      <Cell span={span}>
        <FormText
          id={inputIdOf(path)}
          label={t(`patient.form.name.${key}`)}
          value={v[`name${lang}`][key]}
          required={required}
          error={errors[path]}
          maxLength={key === 'suffix' ? 50 : 100}
          onChange={(text) => {
            update((current) => ({ ...current, [`name${lang}`]: { ...current[`name${lang}`], [key]: text } }), [path]);
            if (key === 'first' || key === 'last') {
              if (lang === 'TH') onThaiNameTyped(key, text);
              else onEnglishNameTyped(key);
            }
          }}
        />
      </Cell>
    );
  };

  const computedAge = v.unknownBirthDate ? null : ageFromDisplay(v.birthDate);

  const toggleUnknownBirthDate = (unknown: boolean) => {
    update(
      (current) => {
        if (unknown) {
          // Spec §4: ticking clears the birth date and enables the age (kept from the birth date when there was one).
          const age = ageFromDisplay(current.birthDate);
          return { ...current, unknownBirthDate: true, birthDate: '', age: age == null ? current.age : String(age) };
        }
        // Spec §4: unticking sets the birth date from the age.
        const age = /^\d{1,3}$/.test(current.age.trim()) ? Number(current.age) : null;
        return {
          ...current,
          unknownBirthDate: false,
          birthDate: age == null ? current.birthDate : birthDateFromAge(age),
          age: '',
        };
      },
      ['birthDate', 'age'],
    );
  };

  return (
    <Box>
      <FormSection title={t('patient.form.section.identity')}>
        <Cell span={2}>
          <FormText
            id="patient-hn"
            label={t('patient.form.hn')}
            value={v.hn}
            onChange={(text) => set('hn', text)}
            error={errors.hn}
            maxLength={30}
            disabled={existing}
            placeholder={existing ? undefined : t('patient.form.hnAuto')}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-nationalNumber"
            label={t('patient.form.nationalNumber')}
            value={v.nationalNumber}
            onChange={(text) => set('nationalNumber', text.replace(/[^\d]/g, ''))}
            error={errors.nationalNumber}
            maxLength={13}
            inputMode="numeric"
            helperText={t('patient.form.nationalNumberHint')}
          />
        </Cell>
        <Cell span={2}>
          <FormText
            id="patient-passportNumber"
            label={t('patient.form.passportNumber')}
            value={v.passportNumber}
            onChange={(text) => set('passportNumber', text)}
            maxLength={30}
          />
        </Cell>
        <Cell span={2}>
          <FormText
            id="patient-alienNumber"
            label={t('patient.form.alienNumber')}
            value={v.alienNumber}
            onChange={(text) => set('alienNumber', text)}
            maxLength={30}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-phoneNumber"
            label={t('patient.form.phoneNumber')}
            value={v.phoneNumber}
            onChange={(text) => set('phoneNumber', text)}
            error={errors.phoneNumber}
            maxLength={30}
            inputMode="tel"
          />
        </Cell>
      </FormSection>

      <FormSection title={t('patient.form.section.nameTH')}>
        <Cell span={2}>
          <PrefixField
            id="patient-nameTH-prefix"
            label={t('patient.form.name.prefix')}
            language="th"
            prefixes={formData.namePrefixes}
            value={v.nameTH.prefix}
            onChange={(text, picked) =>
              update((current) => {
                const pairing = picked ? pairThaiPrefix(formData.namePrefixesAll, text) : {};
                return {
                  ...current,
                  nameTH: { ...current.nameTH, prefix: text },
                  ...(pairing.paired !== undefined ? { nameEN: { ...current.nameEN, prefix: pairing.paired } } : {}),
                  ...(pairing.gender ? { gender: pairing.gender } : {}),
                };
              })
            }
          />
        </Cell>
        {nameField('TH', 'first', 3, true)}
        {nameField('TH', 'middle', 2)}
        {nameField('TH', 'last', 3)}
        {nameField('TH', 'suffix', 2)}
      </FormSection>

      <FormSection title={t('patient.form.section.nameEN')}>
        <Cell span={2}>
          <PrefixField
            id="patient-nameEN-prefix"
            label={t('patient.form.name.prefix')}
            language="en"
            prefixes={formData.namePrefixesEnglish}
            value={v.nameEN.prefix}
            onChange={(text, picked) =>
              update((current) => {
                const pairing = picked
                  ? pairEnglishPrefix(formData.namePrefixesAll, text, {
                      thai: current.nameTH.prefix,
                      gender: current.gender,
                    })
                  : {};
                return {
                  ...current,
                  nameEN: { ...current.nameEN, prefix: text },
                  ...(pairing.paired !== undefined ? { nameTH: { ...current.nameTH, prefix: pairing.paired } } : {}),
                  ...(pairing.gender ? { gender: pairing.gender } : {}),
                };
              })
            }
          />
        </Cell>
        {nameField('EN', 'first', 3)}
        {nameField('EN', 'middle', 2)}
        {nameField('EN', 'last', 3)}
        {nameField('EN', 'suffix', 2)}
      </FormSection>

      <FormSection title={t('patient.form.section.personal')}>
        <Cell span={2}>
          <FieldLabel htmlFor="patient-gender">{t('patient.form.gender')}</FieldLabel>
          <TextField
            id="patient-gender"
            select
            fullWidth
            value={v.gender}
            onChange={(event) => set('gender', event.target.value as Gender)}
            slotProps={{ select: { 'data-testid': 'patient-gender' } as object }}
          >
            {GENDERS.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`patient.gender.${g}`)}
              </MenuItem>
            ))}
          </TextField>
        </Cell>
        <Cell span={3}>
          <DateField
            id={inputIdOf('birthDate')}
            label={t('patient.form.birthDate')}
            placeholder={t('patient.form.datePlaceholder')}
            calendarLabel={t('patient.form.openCalendar')}
            maxDay={bangkokToday()}
            errorWraps
            value={v.birthDate}
            onChange={(text) => set('birthDate', text)}
            error={errors.birthDate}
            disabled={v.unknownBirthDate}
            required={!v.unknownBirthDate}
          />
        </Cell>
        <Cell span={2}>
          <Box sx={{ pt: 2.5 }}>
            <FormControlLabel
              control={
                <Checkbox
                  id="patient-unknownBirthDate"
                  checked={v.unknownBirthDate}
                  onChange={(event) => toggleUnknownBirthDate(event.target.checked)}
                  size="small"
                />
              }
              label={t('patient.form.unknownBirthDate')}
              slotProps={{ typography: { variant: 'body2' } }}
            />
          </Box>
        </Cell>
        <Cell span={2}>
          <FormText
            id={inputIdOf('age')}
            label={t('patient.form.age')}
            value={v.unknownBirthDate ? v.age : computedAge == null ? '' : String(computedAge)}
            onChange={(text) => set('age', text.replace(/[^\d]/g, ''))}
            error={errors.age}
            disabled={!v.unknownBirthDate}
            required={v.unknownBirthDate}
            maxLength={3}
            inputMode="numeric"
            helperText={t('patient.form.ageUnit')}
          />
        </Cell>
        <Cell span={3}>
          <FieldLabel htmlFor="patient-bloodGroup">{t('patient.form.bloodGroup')}</FieldLabel>
          <TextField
            id="patient-bloodGroup"
            select
            fullWidth
            value={v.bloodGroup}
            onChange={(event) => set('bloodGroup', event.target.value)}
            slotProps={{ select: { displayEmpty: true } }}
          >
            <MenuItem value="">
              <em>{t('patient.form.notSpecified')}</em>
            </MenuItem>
            {formData.bloodTypes.map((b) => (
              <MenuItem key={b.id} value={b.name}>
                {b.name}
              </MenuItem>
            ))}
            {v.bloodGroup && !formData.bloodTypes.some((b) => b.name === v.bloodGroup) ? (
              <MenuItem value={v.bloodGroup}>{v.bloodGroup}</MenuItem>
            ) : null}
          </TextField>
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-nationality"
            label={t('patient.form.nationality')}
            value={v.nationality}
            onChange={(text) => set('nationality', text)}
            maxLength={50}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-race"
            label={t('patient.form.race')}
            value={v.race}
            onChange={(text) => set('race', text)}
            maxLength={50}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-religion"
            label={t('patient.form.religion')}
            value={v.religion}
            onChange={(text) => set('religion', text)}
            maxLength={50}
          />
        </Cell>
        <Cell span={3}>
          <FormText
            id="patient-occupation"
            label={t('patient.form.occupation')}
            value={v.occupation}
            onChange={(text) => set('occupation', text)}
            maxLength={100}
          />
        </Cell>
      </FormSection>

      <FormSection title={t('patient.form.section.currentAddress')} testId="patient-current-address">
        <AddressFields
          path="currentAddress"
          value={v.currentAddress}
          onChange={(next) => update((current) => ({ ...current, currentAddress: next }), ['currentAddress.postCode'])}
          errors={errors}
        />
      </FormSection>

      <FormSection
        title={t('patient.form.section.recordAddress')}
        testId="patient-record-address"
        action={
          <FormControlLabel
            control={
              <Checkbox
                id="patient-sameAddress"
                size="small"
                checked={v.currentAndRecordAddressIsSame}
                onChange={(event) => set('currentAndRecordAddressIsSame', event.target.checked)}
              />
            }
            label={t('patient.form.sameAddress')}
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mr: 0 }}
          />
        }
      >
        {v.currentAndRecordAddressIsSame ? null : (
          <AddressFields
            path="recordAddress"
            value={v.recordAddress}
            onChange={(next) => update((current) => ({ ...current, recordAddress: next }), ['recordAddress.postCode'])}
            errors={errors}
          />
        )}
      </FormSection>
    </Box>
  );
}
