import type { RequestCondition } from '@rangsi/contract';
import { satangToBaht } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import { requestError } from './requests.errors';
import { mayUseHospital } from '../../auth/data-scope/request-scope';
import type { RequestConditionRepository } from './request-condition.repository';

/** GET /api/uidata/requestCondition (spec §3 Condition UI data) and the privilege price list, limited to the user's hospitals. */
export class RequestConditionService {
  constructor(
    private readonly repo: RequestConditionRepository,
    private readonly nhsoServiceUrl: string | null = null,
  ) {}

  async condition(user: CurrentUser): Promise<RequestCondition> {
    const allHospitals = await this.repo.activeHospitals();
    const mine = allHospitals.filter((h) => mayUseHospital(user, h));
    const {
      privileges: privs,
      doctors: docs,
      buildings: blds,
      looks,
      mods,
      prods,
      fields,
      modalityFields: modFields,
      technicians: techs,
      config: cfg,
    } = await this.repo.lists(mine.map((h) => h.id));
    const of = (kind: string) => looks.filter((l) => l.kind === kind).map((l) => ({ id: l.id, name: l.name }));
    const workGroupDoctorIds =
      (cfg[0]?.value as { workGroupDoctorIds?: number[] } | undefined)?.workGroupDoctorIds ?? [];
    return {
      researchProjects: of('researchProject'),
      hospitalDoctors: docs.map((d) => ({ id: d.id, name: d.name, hospitalId: d.hospitalId })),
      doctorSendWorkingGroups: of('doctorSendWorkingGroup'),
      paymentMethods: of('paymentMethod'),
      allergies: of('allergy'),
      requestDocuments: looks
        .filter((l) => l.kind === 'requestDocument')
        .map((l) => ({ id: l.id, name: l.name, code: l.code })),
      hospitalBuildingNames: blds.map((b) => ({ id: b.id, name: b.name, hospitalId: b.hospitalId })),
      hospitalPrivilages: mine.map((h) => ({
        id: h.id,
        name: h.name,
        children: privs.filter((p) => p.hospitalId === h.id && p.isActive).map((p) => ({ id: p.id, name: p.name })),
      })),
      technicians: techs
        .filter((t) => user.scope === 'all' || user.branchId === null || t.branchId === user.branchId)
        .map((t) => ({ id: t.id, name: t.name })),
      workGroupDoctorIds,
      nhsoServiceUrl: this.nhsoServiceUrl,
      modalityProducts: mods.map((m) => ({
        modalityCode: m.code,
        modalityName: m.name,
        products: prods
          .filter((p) => p.modalityCode === m.code)
          .map((p) => ({
            productId: p.id,
            name: p.name,
            productGroup: p.productGroup,
            defaultPrice: satangToBaht(p.defaultPriceSatang),
          })),
        additionalFields: modFields
          .filter((f) => f.modalityCode === m.code)
          .map((f) => ({ id: f.fieldId, visibility: f.visibility })),
      })),
      additionalFieldDefinitions: fields.map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        width: f.width,
        height: f.height,
        options: f.options ?? null,
        isMultiValue: f.isMultiValue,
        suffix: f.suffix,
        description: f.description,
        visibility: f.visibility,
        orderNumber: f.orderNumber,
        dependencies: f.dependencies ?? null,
      })),
    };
  }

  /** GET /api/hospital/{id}/privilages/{pid}/pricing: the privilege's own prices (products absent take the default). */
  async pricing(
    user: CurrentUser,
    hospitalId: number,
    privilegeId: number,
  ): Promise<{ productId: number; price: number }[]> {
    const h = await this.repo.hospital(hospitalId);
    if (!h || !mayUseHospital(user, h)) throw requestError('CONDITION_HOSPITAL_NOT_FOUND');
    const p = await this.repo.privilege(privilegeId);
    if (!p || p.hospitalId !== hospitalId) throw requestError('CONDITION_PRIVILEGE_NOT_FOUND');
    const rows = await this.repo.privilegePrices(privilegeId);
    return rows.map((r) => ({ productId: r.productId, price: satangToBaht(r.priceSatang) }));
  }
}
