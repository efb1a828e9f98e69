import { describe, expect, it } from 'vitest';
import { applyCardToForm, normalizeCard } from './card-data';
import { applyGatewayPatient } from './gateway-patient';
import { emptyForm, toSavePayload, validatePatientForm } from './patient-form-model';

const NOW = new Date('2026-11-21T05:00:00Z');

describe(validatePatientForm.name, () => {
  it('asks for the Thai first name and a birth date or age (spec §5)', () => {
    expect(validatePatientForm(emptyForm(), { editing: false, now: NOW })).toEqual({
      'nameTH.first': 'required',
      birthDate: 'birthOrAge',
    });
  });
  it('asks for the age when the birth date is unknown, and the password when editing', () => {
    const v = { ...emptyForm(), nameTH: { ...emptyForm().nameTH, first: 'สมชาย' }, unknownBirthDate: true };
    expect(validatePatientForm(v, { editing: true, now: NOW })).toEqual({ age: 'birthOrAge', password: 'required' });
  });
  it('checks the national ID checksum, future birth dates and ages over 150', () => {
    const v = {
      ...emptyForm(),
      nameTH: { ...emptyForm().nameTH, first: 'ก' },
      nationalNumber: '1103700000004',
      birthDate: '01-01-2030',
    };
    expect(validatePatientForm(v, { editing: false, now: NOW })).toMatchObject({
      nationalNumber: 'nationalIdChecksum',
      birthDate: 'futureBirthDate',
    });
    expect(
      validatePatientForm(
        { ...v, nationalNumber: '1103700000003', birthDate: '01-01-1800' },
        { editing: false, now: NOW },
      ),
    ).toEqual({ birthDate: 'ageRange' });
  });
});

describe(toSavePayload.name, () => {
  it('sends a new patient with nulls for empty text and the record address equal to the current one', () => {
    const v = {
      ...emptyForm(),
      nameTH: { ...emptyForm().nameTH, first: 'สมชาย' },
      birthDate: '14-03-2535',
      password: 'ignored',
    };
    v.currentAddress = { ...v.currentAddress, province: 'เชียงใหม่', postCode: '50200' };
    const body = toSavePayload(v, 'importbycard', undefined);
    expect(body).toMatchObject({ patientId: 'new', birthDate: '1992-03-14', age: null, password: null, hn: null });
    expect(body.recordAddress).toEqual(body.currentAddress);
    expect(body.workPlace).toMatchObject({ workPlaceType: 'none' });
  });
  it('sends the password and version when saving an existing patient', () => {
    const id = '6f1c1a52-1a5e-4c8b-9d39-9a1d8f0c0b11';
    expect(toSavePayload({ ...emptyForm(), password: 'pw' }, id, 3)).toMatchObject({
      patientId: id,
      password: 'pw',
      version: 3,
    });
  });
});

describe(normalizeCard.name, () => {
  it('reads either helper protocol into one shape', () => {
    const card = normalizeCard({
      pid: '1101500234611',
      titleTH: 'นาย',
      firstNameTH: 'สมชาย',
      birthDate: '25350314',
      gender: '1',
      image: 'AAAA',
    });
    expect(card).toMatchObject({
      pid: '1101500234611',
      birthDate: '1992-03-14',
      gender: 'Male',
      photo: 'data:image/jpeg;base64,AAAA',
    });
    expect(applyCardToForm(emptyForm(), card!)).toMatchObject({
      nationalNumber: '1101500234611',
      birthDate: '14-03-1992',
      gender: 'Male',
    });
  });
  it('refuses an answer without an ID number', () => expect(normalizeCard({ firstNameTH: 'x' })).toBeNull());
});

describe(applyGatewayPatient.name, () => {
  it('fills what the gateway gave and keeps the rest', () => {
    const v = applyGatewayPatient(
      { ...emptyForm(), occupation: 'ครู' },
      { hn: 'HIS1', nameTH: { prefix: 'นาง', first: 'มาลี' }, unknownBirthDate: true, age: 71, allergy: ['Penicillin'] },
    );
    expect(v).toMatchObject({
      hn: 'HIS1',
      occupation: 'ครู',
      unknownBirthDate: true,
      age: '71',
      hasAllergy: true,
      allergy: ['Penicillin'],
    });
    expect(v.nameTH).toMatchObject({ prefix: 'นาง', first: 'มาลี', last: '' });
  });
});
