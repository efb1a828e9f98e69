/**
 * Thai name prefixes with their English pairs (spec §3 Name prefix). Picking one sets the paired prefix in the
 * other language and, when gender is given, the patient's gender; ranks and academic titles carry no gender.
 */
export interface NamePrefixSeed {
  th: string;
  en: string;
  groupTh: string;
  groupEn: string;
  gender: 'Male' | 'Female' | null;
}

type Row = [th: string, en: string, gender: 'Male' | 'Female' | null];

const GROUPS: { groupTh: string; groupEn: string; rows: Row[] }[] = [
  {
    groupTh: 'ทั่วไป',
    groupEn: 'General',
    rows: [
      ['นาย', 'Mr.', 'Male'],
      ['นาง', 'Mrs.', 'Female'],
      ['นางสาว', 'Miss', 'Female'],
      ['เด็กชาย', 'Master', 'Male'],
      ['เด็กหญิง', 'Miss', 'Female'],
      ['ด.ช.', 'Master', 'Male'],
      ['ด.ญ.', 'Miss', 'Female'],
      ['น.ส.', 'Ms.', 'Female'],
    ],
  },
  {
    groupTh: 'วิชาชีพและวิชาการ',
    groupEn: 'Professional and academic',
    rows: [
      ['นพ.', 'M.D.', 'Male'],
      ['พญ.', 'M.D.', 'Female'],
      ['ทพ.', 'D.D.S.', 'Male'],
      ['ทพญ.', 'D.D.S.', 'Female'],
      ['ภก.', 'Pharm.', 'Male'],
      ['ภญ.', 'Pharm.', 'Female'],
      ['สพ.ญ.', 'D.V.M.', 'Female'],
      ['น.สพ.', 'D.V.M.', 'Male'],
      ['ดร.', 'Dr.', null],
      ['ศ.', 'Prof.', null],
      ['รศ.', 'Assoc.Prof.', null],
      ['ผศ.', 'Asst.Prof.', null],
      ['ศ.นพ.', 'Prof.Dr.', 'Male'],
      ['ศ.พญ.', 'Prof.Dr.', 'Female'],
      ['รศ.นพ.', 'Assoc.Prof.Dr.', 'Male'],
      ['รศ.พญ.', 'Assoc.Prof.Dr.', 'Female'],
      ['ผศ.นพ.', 'Asst.Prof.Dr.', 'Male'],
      ['ผศ.พญ.', 'Asst.Prof.Dr.', 'Female'],
    ],
  },
  {
    groupTh: 'ทหารบก',
    groupEn: 'Army',
    rows: [
      ['พล.อ.', 'Gen.', null],
      ['พล.ท.', 'Lt.Gen.', null],
      ['พล.ต.', 'Maj.Gen.', null],
      ['พ.อ.', 'Col.', null],
      ['พ.ท.', 'Lt.Col.', null],
      ['พ.ต.', 'Maj.', null],
      ['ร.อ.', 'Capt.', null],
      ['ร.ท.', 'Lt.', null],
      ['ร.ต.', 'Sub Lt.', null],
      ['จ.ส.อ.', 'M.Sgt.', null],
      ['จ.ส.ท.', 'Sgt.1st Cl.', null],
      ['จ.ส.ต.', 'Staff Sgt.', null],
      ['ส.อ.', 'Sgt.', null],
      ['ส.ท.', 'Cpl.', null],
      ['ส.ต.', 'L.Cpl.', null],
      ['พลทหาร', 'Pvt.', 'Male'],
      ['พ.อ.หญิง', 'Col.', 'Female'],
      ['ร.อ.หญิง', 'Capt.', 'Female'],
    ],
  },
  {
    groupTh: 'ทหารเรือ',
    groupEn: 'Navy',
    rows: [
      ['พล.ร.อ.', 'Adm.', null],
      ['พล.ร.ท.', 'V.Adm.', null],
      ['พล.ร.ต.', 'R.Adm.', null],
      ['น.อ.', 'Capt.', null],
      ['น.ท.', 'Cdr.', null],
      ['น.ต.', 'Lt.Cdr.', null],
      ['จ.อ.', 'PO1', null],
    ],
  },
  {
    groupTh: 'ทหารอากาศ',
    groupEn: 'Air Force',
    rows: [
      ['พล.อ.อ.', 'ACM', null],
      ['พล.อ.ท.', 'AM', null],
      ['พล.อ.ต.', 'AVM', null],
      ['พ.อ.อ.', 'F.Sgt.1', null],
    ],
  },
  {
    groupTh: 'ตำรวจ',
    groupEn: 'Police',
    rows: [
      ['พล.ต.อ.', 'Pol.Gen.', null],
      ['พล.ต.ท.', 'Pol.Lt.Gen.', null],
      ['พล.ต.ต.', 'Pol.Maj.Gen.', null],
      ['พ.ต.อ.', 'Pol.Col.', null],
      ['พ.ต.ท.', 'Pol.Lt.Col.', null],
      ['พ.ต.ต.', 'Pol.Maj.', null],
      ['ร.ต.อ.', 'Pol.Capt.', null],
      ['ร.ต.ท.', 'Pol.Lt.', null],
      ['ร.ต.ต.', 'Pol.Sub.Lt.', null],
      ['ด.ต.', 'Pol.Sen.Sgt.Maj.', null],
      ['จ.ส.ต.', 'Pol.Sgt.Maj.', null],
      ['ส.ต.อ.', 'Pol.Sgt.', null],
      ['ส.ต.ท.', 'Pol.Cpl.', null],
      ['ส.ต.ต.', 'Pol.L.Cpl.', null],
      ['พ.ต.อ.หญิง', 'Pol.Col.', 'Female'],
      ['ร.ต.อ.หญิง', 'Pol.Capt.', 'Female'],
    ],
  },
  {
    groupTh: 'ราชสกุลและบรรดาศักดิ์',
    groupEn: 'Royal and titled',
    rows: [
      ['ม.จ.', 'Mom Chao', null],
      ['ม.ร.ว.', 'Mom Rajawongse', null],
      ['ม.ล.', 'Mom Luang', null],
      ['ท่านผู้หญิง', 'Than Phu Ying', 'Female'],
      ['คุณหญิง', 'Khunying', 'Female'],
    ],
  },
  {
    groupTh: 'นักบวช',
    groupEn: 'Clergy',
    rows: [
      ['พระ', 'Phra', 'Male'],
      ['พระครู', 'Phra Khru', 'Male'],
      ['พระมหา', 'Phra Maha', 'Male'],
      ['สามเณร', 'Novice', 'Male'],
      ['แม่ชี', 'Mae Chi', 'Female'],
    ],
  },
];

export const NAME_PREFIXES: readonly NamePrefixSeed[] = GROUPS.flatMap((g) =>
  g.rows.map(([th, en, gender]) => ({ th, en, groupTh: g.groupTh, groupEn: g.groupEn, gender })),
);
