import type { Address, Patient, PatientSave } from '@rangsi/contract';
import { bangkokToday, isValidNationalId } from '@rangsi/domain';
import { ageFromDisplay, displayToIsoDay, isoDayToDisplay } from './day';

/** The patient form as the user edits it: every text a string, the birth date as typed (dd-MM-yyyy). */

export const ADDRESS_KEYS = [
  'no',
  'building',
  'moo',
  'village',
  'alley',
  'road',
  'subDistrict',
  'district',
  'province',
  'postCode',
  'country',
] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export type AddressForm = Record<AddressKey, string>;

export const NAME_KEYS = ['prefix', 'first', 'middle', 'last', 'suffix'] as const;
export type NameKey = (typeof NAME_KEYS)[number];
export type NameForm = Record<NameKey, string>;

export type Gender = 'Male' | 'Female' | 'Unknown';
export type WorkPlaceType = 'government' | 'company' | 'etc' | 'none';
export const WORKPLACE_TYPES: readonly WorkPlaceType[] = ['government', 'company', 'etc', 'none'];

export interface ContactForm {
  relationship: string;
  firstName: string;
  lastName: string;
  occupation: string;
}

export interface PatientFormValues {
  hn: string;
  nationalNumber: string;
  alienNumber: string;
  passportNumber: string;
  phoneNumber: string;
  nameTH: NameForm;
  nameEN: NameForm;
  gender: Gender;
  birthDate: string;
  age: string;
  unknownBirthDate: boolean;
  bloodGroup: string;
  nationality: string;
  race: string;
  religion: string;
  occupation: string;
  hasAllergy: boolean;
  allergy: string[];
  currentAddress: AddressForm;
  recordAddress: AddressForm;
  currentAndRecordAddressIsSame: boolean;
  contacts: ContactForm[];
  emergencyContact: { contactName: string; homePhoneNumber: string; workPhoneNumber: string; address: AddressForm };
  workPlace: {
    workPlaceType: WorkPlaceType;
    workPlaceName: string;
    position: string;
    workPlaceTaxId: string;
    workAddress: AddressForm;
  };
  password: string;
}

/** Field errors keyed by the dotted path the server uses too (`nameTH.first`, `currentAddress.postCode`). */
export type FormErrors = Partial<Record<string, string>>;

export function emptyAddress(): AddressForm {
  return {
    no: '',
    building: '',
    moo: '',
    village: '',
    alley: '',
    road: '',
    subDistrict: '',
    district: '',
    province: '',
    postCode: '',
    country: '',
  };
}

export function emptyName(): NameForm {
  return { prefix: '', first: '', middle: '', last: '', suffix: '' };
}

export function emptyForm(): PatientFormValues {
  return {
    hn: '',
    nationalNumber: '',
    alienNumber: '',
    passportNumber: '',
    phoneNumber: '',
    nameTH: emptyName(),
    nameEN: emptyName(),
    gender: 'Unknown',
    birthDate: '',
    age: '',
    unknownBirthDate: false,
    bloodGroup: '',
    nationality: 'ไทย',
    race: 'ไทย',
    religion: '',
    occupation: '',
    hasAllergy: false,
    allergy: [],
    currentAddress: emptyAddress(),
    recordAddress: emptyAddress(),
    currentAndRecordAddressIsSame: true,
    contacts: [],
    emergencyContact: { contactName: '', homePhoneNumber: '', workPhoneNumber: '', address: emptyAddress() },
    workPlace: {
      workPlaceType: 'none',
      workPlaceName: '',
      position: '',
      workPlaceTaxId: '',
      workAddress: emptyAddress(),
    },
    password: '',
  };
}

const s = (v: string | null | undefined) => v ?? '';

type AddressLike = Partial<Record<AddressKey, string | null | undefined>> | null | undefined;

export function addressToForm(a: AddressLike): AddressForm {
  const out = emptyAddress();
  if (!a) return out;
  for (const key of ADDRESS_KEYS) out[key] = s(a[key]);
  return out;
}

type NameLike = Partial<Record<NameKey, string | null | undefined>> | null | undefined;

export function nameToForm(n: NameLike): NameForm {
  const out = emptyName();
  if (!n) return out;
  for (const key of NAME_KEYS) out[key] = s(n[key]);
  return out;
}

function isWorkPlaceType(v: string | undefined): v is WorkPlaceType {
  return (WORKPLACE_TYPES as readonly string[]).includes(v ?? '');
}

export function fromPatient(p: Patient): PatientFormValues {
  return {
    hn: p.hn,
    nationalNumber: s(p.nationalNumber),
    alienNumber: s(p.alienNumber),
    passportNumber: s(p.passportNumber),
    phoneNumber: s(p.phoneNumber),
    nameTH: nameToForm(p.nameTH),
    nameEN: nameToForm(p.nameEN),
    gender: p.gender,
    birthDate: p.unknownBirthDate ? '' : isoDayToDisplay(p.birthDate),
    age: p.age == null ? '' : String(p.age),
    unknownBirthDate: p.unknownBirthDate,
    bloodGroup: s(p.bloodGroup),
    nationality: s(p.nationality),
    race: s(p.race),
    religion: s(p.religion),
    occupation: s(p.occupation),
    hasAllergy: p.hasAllergy,
    allergy: [...p.allergy],
    currentAddress: addressToForm(p.currentAddress),
    recordAddress: addressToForm(p.currentAndRecordAddressIsSame ? p.currentAddress : p.recordAddress),
    currentAndRecordAddressIsSame: p.currentAndRecordAddressIsSame,
    contacts: p.contacts.map((c) => ({
      relationship: c.relationship,
      firstName: s(c.firstName),
      lastName: s(c.lastName),
      occupation: s(c.occupation),
    })),
    emergencyContact: {
      contactName: s(p.emergencyContact?.contactName),
      homePhoneNumber: s(p.emergencyContact?.homePhoneNumber),
      workPhoneNumber: s(p.emergencyContact?.workPhoneNumber),
      address: addressToForm(p.emergencyContact?.address),
    },
    workPlace: {
      workPlaceType: isWorkPlaceType(p.workPlace?.workPlaceType) ? p.workPlace.workPlaceType : 'none',
      workPlaceName: s(p.workPlace?.workPlaceName),
      position: s(p.workPlace?.position),
      workPlaceTaxId: s(p.workPlace?.workPlaceTaxId),
      workAddress: addressToForm(p.workPlace?.workAddress),
    },
    password: '',
  };
}

const orNull = (v: string) => v.trim() || null;

function addressOut(a: AddressForm): Address | null {
  const out = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, orNull(a[k])])) as Record<AddressKey, string | null>;
  return Object.values(out).some(Boolean) ? out : null;
}

function nameOut(n: NameForm) {
  return Object.fromEntries(NAME_KEYS.map((k) => [k, orNull(n[k])])) as Record<NameKey, string | null>;
}

/** The body of POST /api/patient (spec §7) for a new patient (`patientId` new/import/importbycard) or a saved one. */
export function toSavePayload(v: PatientFormValues, patientId: string, version: number | undefined): PatientSave {
  const existing = isExistingPatientId(patientId);
  const age = v.age.trim() === '' ? null : Number(v.age);
  return {
    patientId: existing ? patientId : 'new',
    hn: orNull(v.hn),
    nationalNumber: orNull(v.nationalNumber),
    alienNumber: orNull(v.alienNumber),
    passportNumber: orNull(v.passportNumber),
    phoneNumber: orNull(v.phoneNumber),
    nameTH: nameOut(v.nameTH),
    nameEN: nameOut(v.nameEN),
    gender: v.gender,
    birthDate: v.unknownBirthDate ? null : displayToIsoDay(v.birthDate),
    age: v.unknownBirthDate ? age : null,
    unknownBirthDate: v.unknownBirthDate,
    bloodGroup: orNull(v.bloodGroup),
    nationality: orNull(v.nationality),
    race: orNull(v.race),
    religion: orNull(v.religion),
    occupation: orNull(v.occupation),
    hasAllergy: v.hasAllergy || v.allergy.length > 0,
    allergy: v.hasAllergy ? v.allergy.map((a) => a.trim()).filter(Boolean) : [],
    currentAddress: addressOut(v.currentAddress),
    recordAddress: v.currentAndRecordAddressIsSame ? addressOut(v.currentAddress) : addressOut(v.recordAddress),
    currentAndRecordAddressIsSame: v.currentAndRecordAddressIsSame,
    contacts: v.contacts
      .filter((c) => c.relationship.trim())
      .map((c) => ({
        relationship: c.relationship.trim(),
        firstName: orNull(c.firstName),
        lastName: orNull(c.lastName),
        occupation: orNull(c.occupation),
      })),
    emergencyContact: {
      contactName: orNull(v.emergencyContact.contactName),
      homePhoneNumber: orNull(v.emergencyContact.homePhoneNumber),
      workPhoneNumber: orNull(v.emergencyContact.workPhoneNumber),
      address: addressOut(v.emergencyContact.address),
    },
    workPlace:
      v.workPlace.workPlaceType === 'none'
        ? { workPlaceType: 'none', workPlaceName: null, position: null, workPlaceTaxId: null, workAddress: null }
        : {
            workPlaceType: v.workPlace.workPlaceType,
            workPlaceName: orNull(v.workPlace.workPlaceName),
            position: orNull(v.workPlace.position),
            workPlaceTaxId: orNull(v.workPlace.workPlaceTaxId),
            workAddress: addressOut(v.workPlace.workAddress),
          },
    password: existing ? v.password : null,
    ...(existing && version !== undefined ? { version } : {}),
  };
}

/** `new`, `import` and `importbycard` open an empty form (spec §2); anything else names a saved patient. */
export function isExistingPatientId(patientId: string | undefined): patientId is string {
  return Boolean(patientId) && !['new', 'import', 'importbycard'].includes(patientId ?? '');
}

/** Message keys of the checks below, resolved through i18n by the form. */
export type ValidationMessage =
  | 'required'
  | 'birthOrAge'
  | 'nationalIdLength'
  | 'nationalIdChecksum'
  | 'invalidDate'
  | 'futureBirthDate'
  | 'ageRange'
  | 'phone'
  | 'postCode'
  | 'taxId'
  | 'tooLong';

export type ValidationErrors = Partial<Record<string, ValidationMessage>>;

/** Spec §5 Patient, checked before the call so the messages sit under their fields at once. */
export function validatePatientForm(v: PatientFormValues, options: { editing: boolean; now?: Date }): ValidationErrors {
  const errors: ValidationErrors = {};
  const now = options.now ?? new Date();
  if (!v.nameTH.first.trim()) errors['nameTH.first'] = 'required';

  if (v.unknownBirthDate) {
    if (v.age.trim() === '') errors.age = 'birthOrAge';
    else if (!/^\d{1,3}$/.test(v.age.trim()) || Number(v.age) > 150) errors.age = 'ageRange';
  } else if (!v.birthDate.trim()) {
    errors.birthDate = 'birthOrAge';
  } else {
    const iso = displayToIsoDay(v.birthDate);
    if (!iso) errors.birthDate = 'invalidDate';
    else if (iso > bangkokToday(now)) errors.birthDate = 'futureBirthDate';
    else if ((ageFromDisplay(v.birthDate, now) ?? 0) > 150) errors.birthDate = 'ageRange';
  }

  const nid = v.nationalNumber.trim();
  if (nid) {
    if (!/^\d{13}$/.test(nid)) errors.nationalNumber = 'nationalIdLength';
    else if (!isValidNationalId(nid)) errors.nationalNumber = 'nationalIdChecksum';
  }
  if (v.phoneNumber.trim() && !/^[0-9+\-\s()]{3,30}$/.test(v.phoneNumber.trim())) errors.phoneNumber = 'phone';

  const postCode = (path: string, a: AddressForm) => {
    if (a.postCode.trim() && !/^\d{5}$/.test(a.postCode.trim())) errors[`${path}.postCode`] = 'postCode';
  };
  postCode('currentAddress', v.currentAddress);
  if (!v.currentAndRecordAddressIsSame) postCode('recordAddress', v.recordAddress);
  postCode('emergencyContact.address', v.emergencyContact.address);
  if (v.workPlace.workPlaceType !== 'none') {
    postCode('workPlace.workAddress', v.workPlace.workAddress);
    if (v.workPlace.workPlaceTaxId.trim() && !/^\d{13}$/.test(v.workPlace.workPlaceTaxId.trim()))
      errors['workPlace.workPlaceTaxId'] = 'taxId';
  }
  if (options.editing && !v.password) errors.password = 'required';
  return errors;
}

/** Which tab a field lives on (spec §2 tab order), to bring the first error into view. */
export function tabOfField(path: string): number {
  if (path.startsWith('contacts')) return 1;
  if (path.startsWith('emergencyContact')) return 2;
  if (path.startsWith('workPlace')) return 3;
  if (path.startsWith('allergy') || path === 'hasAllergy') return 4;
  return 0;
}

/** The element id a field's input carries, to move focus to the first error (UI guide). */
export function inputIdOf(path: string): string {
  return `patient-${path.replace(/\./g, '-')}`;
}
