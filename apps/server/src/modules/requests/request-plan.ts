import type { RequestSave } from '@rangsi/contract';
import { bahtToSatang, unitPriceSatang } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import { patientScopeCondition } from '../../auth/data-scope/patient-scope';
import { badRequest, RQ } from './requests.errors';
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
  if (input.isSchedule && !input.scheduleDateTime) throw badRequest('scheduleDateTime', RQ.schedule);
  if (input.examStartTime && input.examEndTime && input.examEndTime < input.examStartTime)
    throw badRequest('examEndTime', RQ.examTimes);

  const chosen = Object.entries(input.modalities).filter(([, ids]) => ids.length > 0);
  if (chosen.length === 0) throw badRequest('modalities', RQ.noModality);
  const known = await repo.modalityCodes();
  for (const [code] of chosen) if (!known.has(code)) throw badRequest('modalities', RQ.unknownModality(code));

  const ids = [...new Set(chosen.flatMap(([, list]) => list))];
  const found = new Map((await repo.products(ids)).map((p) => [p.id, p]));
  const modalities = new Map<string, ProductRow[]>();
  for (const [code, list] of chosen) {
    const items: ProductRow[] = [];
    for (const id of new Set(list)) {
      const p = found.get(id);
      if (!p) throw badRequest('modalities', RQ.unknownProduct(id));
      if (p.modalityCode !== code) throw badRequest('modalities', RQ.productModality(id, code));
      items.push(p);
    }
    modalities.set(code, items);
  }
  for (const [key, q] of Object.entries(input.productQuantity)) {
    if (!Number.isInteger(q) || q <= 0) throw badRequest(`productQuantity.${key}`, RQ.quantity);
    if (!found.has(Number(key))) throw badRequest(`productQuantity.${key}`, RQ.unknownProduct(key));
  }
  for (const key of Object.keys(input.productDose)) {
    if (!found.has(Number(key))) throw badRequest(`productDose.${key}`, RQ.unknownProduct(key));
  }

  const patient = await repo.patient(input.patientId, patientScopeCondition(user));
  if (!patient) throw badRequest('patientId', RQ.patient);
  const hospital = await repo.hospital(input.hospitalId);
  if (!hospital || !mayUseHospital(user, hospital)) throw badRequest('hospitalId', RQ.hospital);
  const privilegeId = input.privilageId ?? null;
  if (privilegeId !== null) {
    const priv = await repo.privilege(privilegeId);
    if (!priv || priv.hospitalId !== hospital.id) throw badRequest('privilageId', RQ.privilege);
  }
  let doctorName: string | null = input.hospitalDoctorId_add ?? null;
  if (input.hospitalDoctorId) {
    const d = await repo.doctor(input.hospitalDoctorId);
    if (!d || d.hospitalId !== hospital.id) throw badRequest('hospitalDoctorId', RQ.doctor);
    doctorName = d.name;
  }
  if (input.hospitalBuildingId) {
    const b = await repo.building(input.hospitalBuildingId);
    if (!b || b.hospitalId !== hospital.id) throw badRequest('hospitalBuildingId', RQ.building);
  }
  if (input.paymentMethodId && !(await repo.lookup(input.paymentMethodId, 'paymentMethod')))
    throw badRequest('paymentMethodId', RQ.lookup('ช่องทางชำระเงิน'));
  if (input.researchProjectId && !(await repo.lookup(input.researchProjectId, 'researchProject')))
    throw badRequest('researchProjectId', RQ.lookup('โครงการวิจัย'));

  const custom: RequestPlan['custom'] = [];
  for (const [i, item] of (input.customProductPrice?.items ?? []).entries()) {
    const priceSatang = bahtToSatang(item.price);
    if (priceSatang === null) throw badRequest(`customProductPrice.items.${i}.price`, RQ.price);
    if (!found.has(item.productId))
      throw badRequest(`customProductPrice.items.${i}.productId`, RQ.customNotChosen(item.productId));
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
