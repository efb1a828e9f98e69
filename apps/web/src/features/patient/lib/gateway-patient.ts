import { isoDayToDisplay } from './day';
import { addressToForm, nameToForm, type Gender, type PatientFormValues } from './patient-form-model';

type Raw = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Raw | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);

function gender(v: string): Gender | null {
  if (v === 'Male' || v === 'Female' || v === 'Unknown') return v;
  if (/^(m|male|ชาย|1)$/i.test(v)) return 'Male';
  if (/^(f|female|หญิง|2)$/i.test(v)) return 'Female';
  return null;
}

/**
 * Fills the form from the hospital gateway's patient (GET {gateway}api/patient/hn/{hn}, spec §7): the same field
 * names as our own patient (nameTH/nameEN objects, currentAddress…), with the flat name fields some HIS send too.
 * Only what the gateway gave replaces what is on the form.
 */
export function applyGatewayPatient(values: PatientFormValues, data: Raw): PatientFormValues {
  const next: PatientFormValues = { ...values };
  const text = (key: keyof PatientFormValues, ...aliases: string[]) => {
    for (const k of [key, ...aliases]) {
      const v = str(data[k]);
      if (v) {
        (next as unknown as Record<string, unknown>)[key] = v;
        return;
      }
    }
  };
  text('hn');
  text('nationalNumber', 'citizenId', 'pid');
  text('passportNumber');
  text('alienNumber');
  text('phoneNumber', 'mobile', 'phone');
  text('bloodGroup');
  text('nationality');
  text('race');
  text('religion');
  text('occupation');

  const th = obj(data.nameTH) ?? {
    prefix: data.prefixName ?? data.prefix,
    first: data.firstName,
    middle: data.middleName,
    last: data.lastName,
    suffix: data.suffixName,
  };
  const en = obj(data.nameEN) ?? {
    prefix: data.prefixNameEn,
    first: data.firstNameEn,
    middle: data.middleNameEn,
    last: data.lastNameEn,
  };
  const thForm = nameToForm(th);
  const enForm = nameToForm(en);
  if (thForm.first) next.nameTH = thForm;
  if (enForm.first) next.nameEN = enForm;

  const g = gender(str(data.gender));
  if (g) next.gender = g;
  const birth = str(data.birthDate);
  if (birth) {
    next.birthDate = isoDayToDisplay(birth);
    next.unknownBirthDate = false;
  } else if (data.unknownBirthDate === true || data.age != null) {
    const age = str(data.age);
    if (age) {
      next.unknownBirthDate = true;
      next.birthDate = '';
      next.age = age;
    }
  }
  if (Array.isArray(data.allergy)) {
    const list = data.allergy.map(str).filter(Boolean);
    next.allergy = list;
    next.hasAllergy = list.length > 0;
  }
  const current = obj(data.currentAddress) ?? obj(data.address);
  if (current) {
    next.currentAddress = addressToForm(current);
    const record = obj(data.recordAddress);
    next.currentAndRecordAddressIsSame = !record;
    next.recordAddress = addressToForm(record ?? current);
  }
  return next;
}
