import type { RequestSave } from '@rangsi/contract';
import { bahtToSatang, unitPriceSatang } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import { patientScopeCondition } from '../../auth/data-scope/patient-scope';
import { requestError } from './requests.errors';
import type { ProductRow, RequestsRepository } from './requests.repository';
import { mayUseHospital } from '../../auth/data-scope/request-scope';

/** One priced line of a request, ready to store. */
export interface PlannedLine {
  product: ProductRow;
  quantity: number;
  dose: string | null;
  unitPriceSatang: number;
  /** The price without a custom one (privilege, else default): what a rejected custom price falls back to. */
  baseSatang: number;
}

/** Everything a save writes, checked: no row is written before the whole input passed (nothing saved half-way). */
export interface RequestPlan {
  patient: NonNullable<Awaited<ReturnType<RequestsRepository['patient']>>>;
  hospital: NonNullable<Awaited<ReturnType<RequestsRepository['hospital']>>>;
  privilegeId: number | null;
  /** Name of the chosen sending doctor (the exams' referring physician). */
  doctorName: string | null;
  modalities: Map<string, ProductRow[]>;
  lines: PlannedLine[];
  /** Custom prices as proposed (satang), empty for none. */
  custom: { productId: number; priceSatang: number }[];
}

/** Checks a request form against the rules of spec §5 and the database, and prices its lines (custom → privilege → default). */
export async function planRequest(
  repo: RequestsRepository,
  user: CurrentUser,
  input: RequestSave,
): Promise<RequestPlan> {
  if (input.isSchedule && !input.scheduleDateTime)
    throw requestError('REQUEST_SCHEDULE', { field: 'scheduleDateTime' });
  if (input.examStartTime && input.examEndTime && input.examEndTime < input.examStartTime)
    throw requestError('REQUEST_EXAM_TIMES', { field: 'examEndTime' });

  const chosen = Object.entries(input.modalities).filter(([, ids]) => ids.length > 0);
  if (chosen.length === 0) throw requestError('REQUEST_NO_MODALITY', { field: 'modalities' });
  const known = await repo.modalityCodes();
  for (const [code] of chosen)
    if (!known.has(code)) throw requestError('REQUEST_UNKNOWN_MODALITY', { code }, { field: 'modalities' });

  const ids = [...new Set(chosen.flatMap(([, list]) => list))];
  const found = new Map((await repo.products(ids)).map((p) => [p.id, p]));
  const modalities = new Map<string, ProductRow[]>();
  for (const [code, list] of chosen) {
    const items: ProductRow[] = [];
    for (const id of new Set(list)) {
      const p = found.get(id);
      if (!p) throw requestError('REQUEST_UNKNOWN_PRODUCT', { id }, { field: 'modalities' });
      if (p.modalityCode !== code)
        throw requestError('REQUEST_PRODUCT_MODALITY', { id, code }, { field: 'modalities' });
      items.push(p);
    }
    modalities.set(code, items);
  }
  for (const [key, q] of Object.entries(input.productQuantity)) {
    if (!Number.isInteger(q) || q <= 0) throw requestError('REQUEST_QUANTITY', { field: `productQuantity.${key}` });
    if (!found.has(Number(key)))
      throw requestError('REQUEST_UNKNOWN_PRODUCT', { id: key }, { field: `productQuantity.${key}` });
  }
  for (const key of Object.keys(input.productDose)) {
    if (!found.has(Number(key)))
      throw requestError('REQUEST_UNKNOWN_PRODUCT', { id: key }, { field: `productDose.${key}` });
  }

  const patient = await repo.patient(input.patientId, patientScopeCondition(user));
  if (!patient) throw requestError('REQUEST_PATIENT', { field: 'patientId' });
  const hospital = await repo.hospital(input.hospitalId);
  if (!hospital || !mayUseHospital(user, hospital)) throw requestError('REQUEST_HOSPITAL', { field: 'hospitalId' });
  const privilegeId = input.privilageId ?? null;
  if (privilegeId !== null) {
    const priv = await repo.privilege(privilegeId);
    if (!priv || priv.hospitalId !== hospital.id) throw requestError('REQUEST_PRIVILEGE', { field: 'privilageId' });
  }
  let doctorName: string | null = input.hospitalDoctorId_add ?? null;
  if (input.hospitalDoctorId) {
    const d = await repo.doctor(input.hospitalDoctorId);
    if (!d || d.hospitalId !== hospital.id) throw requestError('REQUEST_DOCTOR', { field: 'hospitalDoctorId' });
    doctorName = d.name;
  }
  if (input.hospitalBuildingId) {
    const b = await repo.building(input.hospitalBuildingId);
    if (!b || b.hospitalId !== hospital.id) throw requestError('REQUEST_BUILDING', { field: 'hospitalBuildingId' });
  }
  if (input.paymentMethodId && !(await repo.lookup(input.paymentMethodId, 'paymentMethod')))
    throw requestError('REQUEST_PAYMENT_METHOD', { field: 'paymentMethodId' });
  if (input.researchProjectId && !(await repo.lookup(input.researchProjectId, 'researchProject')))
    throw requestError('REQUEST_RESEARCH_PROJECT', { field: 'researchProjectId' });
  // A subject belongs to a project (decision WS31): subject data without one would print as nobody's research.
  const subject = input.researchProjectSubjectId || input.researchProjectSubjectName || input.researchProjectVN;
  if (subject && !input.researchProjectId && !input.researchProjectId_add)
    throw requestError('REQUEST_RESEARCH_SUBJECT', { field: 'researchProjectId' });

  const custom: RequestPlan['custom'] = [];
  for (const [i, item] of (input.customProductPrice?.items ?? []).entries()) {
    const priceSatang = bahtToSatang(item.price);
    if (priceSatang === null) throw requestError('REQUEST_PRICE', { field: `customProductPrice.items.${i}.price` });
    if (!found.has(item.productId))
      throw requestError(
        'REQUEST_CUSTOM_NOT_CHOSEN',
        { id: item.productId },
        { field: `customProductPrice.items.${i}.productId` },
      );
    custom.push({ productId: item.productId, priceSatang });
  }

  const privPrices = privilegeId !== null ? await repo.privilegePrices(privilegeId, ids) : new Map<number, number>();
  const customOf = new Map(custom.map((c) => [c.productId, c.priceSatang]));
  const lines = [...modalities.values()].flat().map((product) => ({
    product,
    quantity: input.productQuantity[String(product.id)] ?? 1,
    dose: input.productDose[String(product.id)]?.trim() || null,
    unitPriceSatang: unitPriceSatang({
      customSatang: customOf.get(product.id),
      privilegeSatang: privPrices.get(product.id),
      defaultSatang: product.defaultPriceSatang,
    }),
    baseSatang: unitPriceSatang({
      privilegeSatang: privPrices.get(product.id),
      defaultSatang: product.defaultPriceSatang,
    }),
  }));
  return { patient, hospital, privilegeId, doctorName, modalities, lines, custom };
}
