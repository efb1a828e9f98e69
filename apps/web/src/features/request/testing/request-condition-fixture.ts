import type { RequestCondition } from '@rangsi/contract';

/**
 * The request form's lists as the server sends them (GET api/uidata/requestCondition), for component tests: two
 * hospitals with their own privileges, doctors and buildings; CT with a film and a contrast product, MR; a
 * pregnancy question on CT whose weeks field shows only when it is ticked.
 */
export function requestConditionFixture(over: Partial<RequestCondition> = {}): RequestCondition {
  return {
    researchProjects: [{ id: 1, name: 'โครงการวิจัยหนึ่ง' }],
    hospitalDoctors: [
      { id: 101, name: 'นพ.หนึ่ง รักษาดี', hospitalId: 1 },
      { id: 102, name: 'พญ.กลุ่ม งานดี', hospitalId: 1 },
      { id: 201, name: 'นพ.สอง ใจเย็น', hospitalId: 2 },
    ],
    doctorSendWorkingGroups: [
      { id: 1, name: 'อายุรกรรม' },
      { id: 2, name: 'ศัลยกรรม' },
    ],
    paymentMethods: [{ id: 1, name: 'เงินสด' }],
    allergies: [{ id: 1, name: 'Iodine' }],
    requestDocuments: [],
    hospitalBuildingNames: [
      { id: 1001, name: 'ตึกอุบัติเหตุ', hospitalId: 1 },
      { id: 2001, name: 'ตึกผู้ป่วยนอก', hospitalId: 2 },
    ],
    hospitalPrivilages: [
      {
        id: 1,
        name: 'โรงพยาบาลหนึ่ง',
        children: [
          { id: 11, name: 'ชำระเงินเอง' },
          { id: 12, name: 'ประกันสังคม' },
        ],
      },
      { id: 2, name: 'โรงพยาบาลสอง', children: [{ id: 21, name: 'บัตรทอง' }] },
    ],
    technicians: [{ id: 'T1', name: 'นายช่าง ภาพดี' }],
    workGroupDoctorIds: [102],
    nhsoServiceUrl: null,
    modalityProducts: [
      {
        modalityCode: 'CT',
        modalityName: 'CT',
        products: [
          { productId: 1, name: 'CT Brain', productGroup: 'CT', defaultPrice: 2500 },
          { productId: 2, name: 'FILM', productGroup: 'อื่นๆ', defaultPrice: 100 },
          { productId: 3, name: 'Contrast Iopamidol', productGroup: 'เวชภัณฑ์', defaultPrice: 800 },
        ],
        additionalFields: [
          { id: 'pregnant', visibility: true },
          { id: 'pregnancy_weeks', visibility: true },
        ],
      },
      {
        modalityCode: 'MR',
        modalityName: 'MR',
        products: [{ productId: 4, name: 'MR Brain', productGroup: 'MR', defaultPrice: 6000 }],
        additionalFields: [],
      },
    ],
    additionalFieldDefinitions: [
      {
        id: 'pregnant',
        name: 'ตั้งครรภ์',
        type: 'checkbox',
        width: 1,
        height: 1,
        options: null,
        isMultiValue: false,
        suffix: null,
        description: null,
        visibility: true,
        orderNumber: 1,
        dependencies: null,
      },
      {
        id: 'pregnancy_weeks',
        name: 'อายุครรภ์',
        type: 'text',
        width: 1,
        height: 1,
        options: null,
        isMultiValue: false,
        suffix: 'สัปดาห์',
        description: null,
        visibility: true,
        orderNumber: 2,
        dependencies: [{ dependencyFieldId: 'pregnant', trigOperator: '=', trigValue: 'true', action: 'show' }],
      },
    ],
    ...over,
  };
}
