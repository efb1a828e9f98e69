import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { findUnit, useDistricts, useProvinces, useSubDistricts, type AddressUnit } from '../hooks/use-thai-address';
import type { AddressForm, AddressKey } from '../lib/patient-form-model';
import { Cell } from './form-section';
import { FieldLabel } from '@/components/field-label';
import { FormText } from './form-text';

interface AddressFieldsProps {
  /** Dotted path of the address in the form (`currentAddress`), for ids and error keys. */
  path: string;
  value: AddressForm;
  onChange: (next: AddressForm) => void;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
}

const idOf = (path: string, key: AddressKey) => `patient-${path.replace(/\./g, '-')}-${key}`;

/**
 * Spec §3 Address with a real Thai picker: choosing a province narrows the districts, a district the sub-districts,
 * and a sub-district fills the postcode. Names are stored in Thai as chosen; a name typed by hand is kept as typed.
 */
export function AddressFields({ path, value, onChange, errors, disabled = false }: AddressFieldsProps) {
  const { t } = useTranslation();
  const provinces = useProvinces();
  const province = findUnit(provinces.data, value.province);
  const districts = useDistricts(province?.code);
  const district = findUnit(districts.data, value.district);
  const subDistricts = useSubDistricts(district?.code);
  const bangkok = province?.code === '10';

  const set = (key: AddressKey, text: string) => onChange({ ...value, [key]: text });
  const text = (key: AddressKey, span: number, maxLength = 100) => (
    <Cell span={span}>
      <FormText
        id={idOf(path, key)}
        label={t(`patient.address.${key}`)}
        value={value[key]}
        onChange={(v) => set(key, v)}
        error={errors[`${path}.${key}`]}
        maxLength={maxLength}
        disabled={disabled}
      />
    </Cell>
  );

  const picker = (
    key: 'province' | 'district' | 'subDistrict',
    label: string,
    units: readonly AddressUnit[] | undefined,
    loading: boolean,
    onPick: (unit: AddressUnit | undefined, typed: string) => void,
  ) => (
    <Cell span={3}>
      <FieldLabel htmlFor={idOf(path, key)}>{label}</FieldLabel>
      <Autocomplete<string, false, false, true>
        id={idOf(path, key)}
        freeSolo
        forcePopupIcon
        autoSelect
        disabled={disabled}
        options={(units ?? []).map((u) => u.nameTh)}
        loading={loading}
        value={value[key] || null}
        onChange={(_, picked) =>
          onPick(
            units?.find((u) => u.nameTh === picked),
            picked ?? '',
          )
        }
        filterOptions={(options, state) => {
          const q = state.inputValue.trim().toLowerCase();
          if (!q || options.includes(state.inputValue)) return options;
          return options.filter(
            (o) =>
              o.toLowerCase().includes(q) ||
              (units
                ?.find((u) => u.nameTh === o)
                ?.nameEn.toLowerCase()
                .includes(q) ??
                false),
          );
        }}
        renderInput={(params) => <TextField {...params} placeholder={t('patient.address.pick')} />}
        slotProps={{ listbox: { sx: { maxHeight: 280 } } }}
        noOptionsText={t('patient.address.noOptions')}
        loadingText={t('app.loading')}
      />
    </Cell>
  );

  return (
    <>
      {text('no', 2, 50)}
      {text('moo', 1, 20)}
      {text('building', 3)}
      {text('village', 3)}
      {text('alley', 3)}
      {text('road', 3)}
      {picker('province', t('patient.address.province'), provinces.data, provinces.isPending, (unit, typed) =>
        onChange({
          ...value,
          province: unit?.nameTh ?? typed,
          district: '',
          subDistrict: '',
          postCode: unit ? '' : value.postCode,
        }),
      )}
      {picker(
        'district',
        bangkok ? t('patient.address.districtBangkok') : t('patient.address.district'),
        districts.data,
        districts.isFetching,
        (unit, typed) =>
          onChange({
            ...value,
            district: unit?.nameTh ?? typed,
            subDistrict: '',
            postCode: unit ? '' : value.postCode,
          }),
      )}
      {picker(
        'subDistrict',
        bangkok ? t('patient.address.subDistrictBangkok') : t('patient.address.subDistrict'),
        subDistricts.data,
        subDistricts.isFetching,
        (unit, typed) =>
          onChange({ ...value, subDistrict: unit?.nameTh ?? typed, postCode: unit?.postalCode ?? value.postCode }),
      )}
      <Cell span={3}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <FormText
            id={idOf(path, 'postCode')}
            label={t('patient.address.postCode')}
            value={value.postCode}
            onChange={(v) => set('postCode', v.replace(/\D/g, ''))}
            error={errors[`${path}.postCode`]}
            maxLength={5}
            inputMode="numeric"
            disabled={disabled}
          />
          <FormText
            id={idOf(path, 'country')}
            label={t('patient.address.country')}
            value={value.country}
            onChange={(v) => set('country', v)}
            maxLength={100}
            disabled={disabled}
          />
        </Box>
      </Cell>
    </>
  );
}
