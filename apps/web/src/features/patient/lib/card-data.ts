import { isoDayToDisplay } from './day';
import { addressToForm, type Gender, type PatientFormValues } from './patient-form-model';

/** What the ID-card reader helper reads from a Thai national ID card, whichever of its two protocols answered. */
export interface CardData {
  pid: string;
  nameTH: { prefix: string; first: string; middle: string; last: string };
  nameEN: { prefix: string; first: string; middle: string; last: string };
  /** yyyy-MM-dd, or '' when the card gives none. */
  birthDate: string;
  gender: Gender;
  address: Record<string, string | null> | null;
  /** A data: URL of the card's photo, or null. */
  photo: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function pick(raw: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = str(raw[key]);
    if (value) return value;
  }
  return '';
}

function toGender(v: string): Gender {
  const g = v.toLowerCase();
  if (g === 'male' || g === 'm' || g === '1' || g === 'ชาย') return 'Male';
  if (g === 'female' || g === 'f' || g === '2' || g === 'หญิง') return 'Female';
  return 'Unknown';
}

/** Card dates come as yyyy-MM-dd or yyyyMMdd, sometimes in the Buddhist era. */
function toIsoDay(v: string): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v);
  if (!m) return '';
  let year = Number(m[1]);
  if (year >= 2400) year -= 543;
  return `${String(year).padStart(4, '0')}-${m[2]}-${m[3]}`;
}

function toDataUrl(v: string): string | null {
  if (!v) return null;
  return v.startsWith('data:') ? v : `data:image/jpeg;base64,${v}`;
}

/** Normalizes either helper's answer (api/fetch's card or smartcard/read's pid + image) into one shape. */
export function normalizeCard(raw: Record<string, unknown>): CardData | null {
  const pid = pick(raw, 'pid', 'citizenId', 'cid', 'nationalNumber').replace(/\D/g, '');
  if (!pid) return null;
  const address =
    raw.address && typeof raw.address === 'object' ? (raw.address as Record<string, string | null>) : null;
  return {
    pid,
    nameTH: {
      prefix: pick(raw, 'titleTH', 'prefixTH', 'titleTh'),
      first: pick(raw, 'firstNameTH', 'fnameTH', 'firstNameTh'),
      middle: pick(raw, 'middleNameTH', 'middleNameTh'),
      last: pick(raw, 'lastNameTH', 'lnameTH', 'lastNameTh'),
    },
    nameEN: {
      prefix: pick(raw, 'titleEN', 'prefixEN', 'titleEn'),
      first: pick(raw, 'firstNameEN', 'fnameEN', 'firstNameEn'),
      middle: pick(raw, 'middleNameEN', 'middleNameEn'),
      last: pick(raw, 'lastNameEN', 'lnameEN', 'lastNameEn'),
    },
    birthDate: toIsoDay(pick(raw, 'birthDate', 'dateOfBirth', 'birthdate')),
    gender: toGender(pick(raw, 'gender', 'sex')),
    address,
    photo: toDataUrl(pick(raw, 'photo', 'image', 'base64Image')),
  };
}

/** Fills a form from a card (spec §4 importbycard): identity, names, birth date, gender and the registered address. */
export function applyCardToForm(values: PatientFormValues, card: CardData): PatientFormValues {
  const address = card.address ? addressToForm({ ...card.address, country: card.address.country ?? 'ไทย' }) : null;
  return {
    ...values,
    nationalNumber: card.pid,
    nameTH: { ...values.nameTH, ...card.nameTH },
    nameEN: { ...values.nameEN, ...card.nameEN },
    gender: card.gender !== 'Unknown' ? card.gender : values.gender,
    ...(card.birthDate ? { birthDate: isoDayToDisplay(card.birthDate), unknownBirthDate: false, age: '' } : {}),
    nationality: values.nationality || 'ไทย',
    // The card's address is the house registration: the record address; today's address is the same until told otherwise.
    ...(address ? { recordAddress: address, currentAddress: address, currentAndRecordAddressIsSame: true } : {}),
  };
}
