import type { AddressValue } from '../db/schema/patients';
import type { patientContacts, patients } from '../db/schema/index';
import { DAY } from './bangkok-time';
import { LOCALITIES_BY_REGION, OCCUPATIONS, ROADS, VILLAGES } from './data/addresses';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, type NamePair } from './data/first-names';
import { LOOKUPS } from './data/lookups';
import { NAME_PREFIXES } from './data/name-prefixes';
import { FOREIGNERS, SURNAMES } from './data/surnames';
import type { OrgContext, UserCtx } from './demo-org';
import { mustGet } from './demo-org';
import { bangkokDayOf, withCheckDigit } from '@rangsi/domain';
import type { Rng } from './prng';

export interface PatientCtx {
  id: string;
  hn: string;
  hospitalId: number;
  branchId: number;
  gender: 'Male' | 'Female';
  age: number;
  birthDate: string | null;
  prefixTh: string;
  firstNameTh: string;
  lastNameTh: string;
  allergies: string[];
  createdAt: Date;
}

export interface PatientPlan {
  patients: PatientCtx[];
  rows: (typeof patients.$inferInsert)[];
  contacts: (typeof patientContacts.$inferInsert)[];
}

const prefixEn = (th: string) => NAME_PREFIXES.find((p) => p.th === th)?.en ?? null;
const ALLERGY_NAMES = LOOKUPS.allergy.map((a) => a.name);
const RELATIONSHIPS = LOOKUPS.relationship.map((r) => r.name);
const BLOOD = LOOKUPS.bloodType.map((b) => b.name);
// Thai blood-group distribution: mostly O and B, Rh-negative rare.
const BLOOD_WEIGHTS = [22, 0.3, 33, 0.3, 7, 0.1, 38, 0.3];

export function mobileNumber(rng: Rng): string {
  return `${rng.weighted([
    ['08', 6],
    ['09', 3],
    ['06', 2],
  ] as const)}${rng.digits(8)}`;
}

/** Patients spread over the hospitals by their weight, every hospital getting at least one. */
export function planPatients(rng: Rng, idRng: Rng, org: OrgContext, count: number, now: Date): PatientPlan {
  const hns = new Set<string>();
  const ids = new Set<string>();
  const out: PatientPlan = { patients: [], rows: [], contacts: [] };
  const foreignEvery = count >= 25 ? Math.floor(count / Math.max(2, Math.round(count / 40))) : 0;

  for (let i = 0; i < count; i++) {
    const hospital =
      i < org.hospitals.length ? org.hospitals[i]! : rng.weighted(org.hospitals.map((h) => [h, h.weight] as const));
    const branch = mustGet(org.branchById, hospital.branchId);
    const staff = staffOf(org, hospital.branchId);
    const foreign = foreignEvery > 0 && i % foreignEvery === foreignEvery - 1;

    const age = rng.weighted([
      [[1, 14], 10],
      [[15, 39], 25],
      [[40, 64], 40],
      [[65, 95], 25],
    ] as const);
    const years = rng.int(age[0], age[1]);
    const createdAt = new Date(now.getTime() - rng.int(45, 900) * DAY - rng.int(0, 86_399) * 1000);
    const born = new Date(now.getTime() - (years * 365.25 + rng.int(1, 360)) * DAY);
    const unknownBirthDate = !foreign && rng.chance(0.03);

    let gender: 'Male' | 'Female';
    let first: NamePair;
    let last: NamePair;
    let nationality = 'ไทย';
    let passportNumber: string | null = null;
    let alienNumber: string | null = null;
    let nationalNumber: string | null = null;
    if (foreign) {
      const f = FOREIGNERS[Math.floor(i / foreignEvery) % FOREIGNERS.length]!;
      gender = f.gender;
      first = [f.firstTh, f.firstEn];
      last = [f.lastTh, f.lastEn];
      nationality = f.nationality;
      passportNumber = `${f.passportPrefix}${rng.digits(9 - f.passportPrefix.length)}`;
      // Migrant workers from neighbouring countries also hold a 13-digit pink-card number starting 00.
      if (['เมียนมา', 'ลาว', 'กัมพูชา'].includes(f.nationality)) alienNumber = withCheckDigit(`00${rng.digits(10)}`);
    } else {
      gender = rng.chance(0.52) ? 'Female' : 'Male';
      first = rng.pick(gender === 'Male' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
      last = rng.pick(SURNAMES);
      do {
        // Digit 1: 1 = born after the 1984 register opened, 3 = already living then.
        const lead = born.getUTCFullYear() >= 1984 ? '1' : '3';
        nationalNumber = withCheckDigit(`${lead}${rng.digits(11)}`);
      } while (ids.has(nationalNumber));
      ids.add(nationalNumber);
    }
    const prefixTh = pickPrefix(rng, gender, years, foreign);

    let hn: string;
    do hn = `HN${rng.digits(7)}`;
    while (hns.has(hn));
    hns.add(hn);

    const hasAllergy = rng.chance(0.12);
    const allergies = hasAllergy ? rng.sample(ALLERGY_NAMES, rng.chance(0.8) ? 1 : 2) : [];
    const region = LOCALITIES_BY_REGION[branch.region];
    const current = address(rng, region);
    const same = rng.chance(0.7);
    const id = idRng.uuid();
    const birthDate = unknownBirthDate ? null : bangkokDayOf(born);

    out.patients.push({
      id,
      hn,
      hospitalId: hospital.id,
      branchId: hospital.branchId,
      gender,
      age: years,
      birthDate,
      prefixTh,
      firstNameTh: first[0],
      lastNameTh: last[0],
      allergies,
      createdAt,
    });
    out.rows.push({
      id,
      hn,
      branchId: hospital.branchId,
      hospitalId: hospital.id,
      nationalNumber,
      alienNumber,
      passportNumber,
      phoneNumber: years < 12 && rng.chance(0.5) ? null : mobileNumber(rng),
      prefixTh,
      firstNameTh: first[0],
      lastNameTh: last[0],
      prefixEn: prefixEn(prefixTh),
      firstNameEn: first[1],
      lastNameEn: last[1],
      gender,
      birthDate,
      unknownBirthDate,
      statedAge: unknownBirthDate ? years : null,
      statedAgeAt: unknownBirthDate ? bangkokDayOf(createdAt) : null,
      bloodGroup: rng.chance(0.6) ? rng.weighted(BLOOD.map((b, k) => [b, BLOOD_WEIGHTS[k] ?? 0] as const)) : null,
      nationality,
      race: foreign ? nationality : 'ไทย',
      religion: foreign
        ? null
        : rng.weighted([
            ['พุทธ', 90],
            ['อิสลาม', 6],
            ['คริสต์', 4],
          ] as const),
      occupation: occupationFor(rng, years),
      hasAllergy,
      allergies,
      currentAddress: current,
      recordAddress: same ? current : address(rng, region),
      currentAndRecordAddressIsSame: same,
      emergencyContact: rng.chance(0.6)
        ? { contactName: `${rng.pick(FEMALE_FIRST_NAMES)[0]} ${last[0]}`, homePhoneNumber: mobileNumber(rng) }
        : null,
      workPlace: workPlaceFor(rng, years),
      createdBy: staff.id,
      createdAt,
      updatedAt: createdAt,
    });
    if (!foreign && rng.chance(0.3)) {
      for (let c = rng.int(1, 2); c > 0; c--) {
        const relGender = rng.chance(0.5) ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES;
        out.contacts.push({
          patientId: id,
          relationship: rng.pick(RELATIONSHIPS),
          firstName: rng.pick(relGender)[0],
          lastName: last[0],
          occupation: rng.pick(OCCUPATIONS),
          note: rng.chance(0.3) ? rng.pick(['เบาหวาน', 'ความดันโลหิตสูง', 'มะเร็งเต้านม', 'มะเร็งลำไส้ใหญ่', 'โรคหัวใจ']) : null,
        });
      }
    }
  }
  return out;
}

export function staffOf(org: OrgContext, branchId: number): UserCtx {
  for (const u of org.users.values()) if (u.roleName === 'Staff' && u.branchId === branchId) return u;
  return mustGet(org.users, 'admin');
}

function pickPrefix(rng: Rng, gender: 'Male' | 'Female', age: number, foreign: boolean): string {
  if (age < 15) return gender === 'Male' ? 'ด.ช.' : 'ด.ญ.';
  if (foreign) return gender === 'Male' ? 'นาย' : rng.pick(['นาง', 'นางสาว']);
  if (gender === 'Male') {
    if (age >= 25 && rng.chance(0.01)) return 'พระ';
    if (age >= 30 && age <= 65 && rng.chance(0.03))
      return rng.pick(['พ.อ.', 'พ.ท.', 'ร.อ.', 'จ.ส.อ.', 'พ.ต.อ.', 'ร.ต.อ.', 'ด.ต.']);
    if (age >= 30 && rng.chance(0.01)) return rng.pick(['นพ.', 'ดร.']);
    return 'นาย';
  }
  if (age >= 30 && rng.chance(0.01)) return rng.pick(['พญ.', 'ดร.']);
  return age >= 25 && rng.chance(0.65) ? 'นาง' : 'นางสาว';
}

function occupationFor(rng: Rng, age: number): string | null {
  if (age < 18) return 'นักเรียน';
  if (age < 23 && rng.chance(0.6)) return 'นักศึกษา';
  if (age >= 62) return rng.pick(['ข้าราชการบำนาญ', 'ไม่ได้ประกอบอาชีพ', 'เกษตรกร', 'ค้าขาย']);
  return rng.chance(0.9) ? rng.pick(OCCUPATIONS) : null;
}

function workPlaceFor(rng: Rng, age: number) {
  if (age < 22 || age >= 62) return { workPlaceType: 'none' };
  const workPlaceType = rng.weighted([
    ['company', 5],
    ['government', 3],
    ['etc', 2],
    ['none', 2],
  ] as const);
  if (workPlaceType === 'none') return { workPlaceType };
  const workPlaceName =
    workPlaceType === 'government'
      ? rng.pick(['สำนักงานสาธารณสุขจังหวัด', 'โรงเรียนอนุบาลประจำจังหวัด', 'สำนักงานเขตพื้นที่การศึกษา', 'ที่ว่าการอำเภอ'])
      : workPlaceType === 'company'
        ? rng.pick([
            'บริษัท สยามการค้า จำกัด',
            'บริษัท ไทยพัฒนาอุตสาหกรรม จำกัด (มหาชน)',
            'ห้างหุ้นส่วนจำกัด รุ่งเรืองก่อสร้าง',
            'บริษัท ล้านนาอาหาร จำกัด',
          ])
        : rng.pick(['ร้านค้าส่วนตัว', 'สวนผลไม้ครอบครัว', 'อาชีพอิสระ']);
  return {
    workPlaceType,
    workPlaceName,
    position: rng.pick(['พนักงาน', 'หัวหน้าแผนก', 'ผู้จัดการ', 'เจ้าหน้าที่ธุรการ', 'ช่างเทคนิค']),
    workPlaceTaxId: workPlaceType === 'company' ? `0105${rng.digits(9)}` : undefined,
  };
}

function address(
  rng: Rng,
  region: readonly { province: string; district: string; subDistrict: string; postCode: string }[],
): AddressValue {
  const l = rng.pick(region);
  const bangkok = l.province === 'กรุงเทพมหานคร';
  return {
    no: rng.chance(0.4) ? `${rng.int(1, 299)}/${rng.int(1, 99)}` : String(rng.int(1, 999)),
    moo: bangkok ? undefined : String(rng.int(1, 15)),
    village: rng.chance(0.3) ? rng.pick(VILLAGES) : undefined,
    alley: bangkok && rng.chance(0.5) ? `ซอย ${rng.int(1, 60)}` : undefined,
    road: rng.chance(0.6) ? rng.pick(ROADS) : undefined,
    subDistrict: l.subDistrict,
    district: l.district,
    province: l.province,
    postCode: l.postCode,
    country: 'ไทย',
  };
}
