import { describe, expect, it } from 'vitest';
import { romanizeThai } from './romanize-thai';

// [Thai, expected RTGS, note]. Expected forms are the Royal Institute (1999) transcription of the standard
// reading; given names and surnames are written as one word, capitalized. A note marks a case where the
// reading is lexical (Pali/Sanskrit linking vowels, a letter read twice) and says which form was chosen.
// More names and places are in romanize-thai-names.test.ts.
type Case = readonly [thai: string, rtgs: string, note?: string];

/** Names and words listed in the brief. */
const BRIEF: Case[] = [
  ['สมชาย', 'Somchai'],
  ['ประยุทธ์', 'Prayut'],
  ['กรุงเทพ', 'Krungthep'],
  ['กรุง เทพ', 'Krung Thep'],
  ['สมหญิง', 'Somying'],
  ['สุดารัตน์', 'Sudarat'],
  ['วิชัย', 'Wichai'],
  ['ประเสริฐ', 'Prasoet'],
  ['สมศักดิ์', 'Somsak'],
  ['บุญมี', 'Bunmi'],
  ['ทองดี', 'Thongdi'],
  ['ศรีสุข', 'Sisuk'],
  ['จันทร์เพ็ญ', 'Chanphen'],
  ['แก้ว', 'Kaeo'],
  ['เดียว', 'Diao'],
  ['เชียง', 'Chiang'],
  ['เมือง', 'Mueang'],
  ['ผู้', 'Phu'],
  ['ใหญ่', 'Yai'],
  ['หญิง', 'Ying'],
  ['ไทย', 'Thai'],
  ['พงษ์', 'Phong'],
  ['พิมพ์', 'Phim'],
  ['ภูมิ', 'Phum'],
  ['กิตติ', 'Kitti'],
  ['ธีระ', 'Thira'],
  ['อรุณ', 'Arun'],
  ['อำนาจ', 'Amnat'],
  ['ณัฐ', 'Nat'],
  ['ฤทธิ์', 'Rit'],
  ['พฤกษ์', 'Phruek'],
  ['วงศ์', 'Wong'],
  ['ทรัพย์', 'Sap'],
  ['ทราย', 'Sai'],
  ['สร้อย', 'Soi'],
  ['ศรี', 'Si'],
  ['เกษม', 'Kasem'],
  ['จิรา', 'Chira'],
  ['ปิยะ', 'Piya'],
  ['ชนิดา', 'Chanida'],
  ['นภา', 'Napha'],
  ['อัญชลี', 'Anchali'],
  ['กาญจนา', 'Kanchana'],
  ['ธนพล', 'Thanaphon', 'Pali dhana- keeps its linking a (tha-na-phon), unlike Thai สมพร som-phon'],
  [
    'ภัทรา',
    'Phatthra',
    'the brief lists "Phattra"; ภัทรา is read พัด-ทฺรา, so RTGS repeats ท (th) as the final t and the cluster thr',
  ],
  ['สุภาพร', 'Suphaphon'],
  ['รัตนา', 'Rattana', 'ต read twice (rat-ta-na)'],
  ['มาลัย', 'Malai'],
  ['อุไร', 'Urai'],
  ['นิภา', 'Nipha'],
  ['เพ็ญศรี', 'Phensi'],
  ['ยุพิน', 'Yuphin'],
  ['วันเพ็ญ', 'Wanphen'],
  ['จำเนียร', 'Chamnian'],
  ['สำราญ', 'Samran'],
  ['เฉลิม', 'Chaloem'],
  ['เจริญ', 'Charoen'],
  ['เสาวลักษณ์', 'Saowalak'],
  ['เยาวลักษณ์', 'Yaowalak'],
  ['ปราณี', 'Prani'],
  ['บุษบา', 'Butsaba', 'ษ read twice (but-sa-ba)'],
  ['พัชรี', 'Phatchari', 'ช read twice (phat-cha-ri)'],
  ['ศิริพร', 'Siriphon'],
  ['วัฒนา', 'Watthana', 'ฒ read twice (wat-tha-na)'],
  ['ไพโรจน์', 'Phairot'],
  ['ณรงค์', 'Narong'],
  ['ธงชัย', 'Thongchai'],
  ['ชูชาติ', 'Chuchat'],
  ['เอกชัย', 'Ekkachai', 'Pali eka- read ek-ka- in compounds'],
  ['สุรชัย', 'Surachai'],
  ['อนันต์', 'Anan'],
  ['ปรีชา', 'Pricha'],
  ['ยุทธนา', 'Yutthana'],
  ['นพดล', 'Nopphadon', 'พ read twice: นบ-พะ-ดน, so nop-pha-don (the brief lists the personal spelling "Noppadon")'],
  ['ศุภชัย', 'Supphachai', 'ภ read twice (sup-pha-chai)'],
  ['ชาญ', 'Chan'],
  ['ทวี', 'Thawi'],
  ['ประสิทธิ์', 'Prasit'],
  ['สุวิทย์', 'Suwit'],
  ['วีระ', 'Wira'],
  ['สมบัติ', 'Sombat'],
  ['ศรีสมร', 'Sisamon'],
  ['ขวัญ', 'Khwan'],
  ['ขวัญใจ', 'Khwanchai'],
  ['ธนากร', 'Thanakon'],
  ['อนุชา', 'Anucha'],
  ['วิไลวรรณ', 'Wilaiwan'],
  ['สุรเชษฐ์', 'Surachet'],
  ['ราชบุรี', 'Ratchaburi', 'ช read twice (rat-cha-bu-ri)'],
  ['นครราชสีมา', 'Nakhonratchasima'],
  ['นคร ราชสีมา', 'Nakhon Ratchasima'],
  ['ชลบุรี', 'Chonburi'],
  ['เชียงใหม่', 'Chiangmai'],
  ['เชียง ใหม่', 'Chiang Mai'],
  ['ธรรม', 'Tham'],
  ['กรรม', 'Kam'],
  ['สรรพ', 'Sap'],
  ['อาจารย์', 'Achan'],
  ['พร', 'Phon'],
  ['อยู่', 'Yu'],
  ['หนู', 'Nu'],
];

/** Examples printed by the Royal Institute and in the RTGS tables (vowels, finals, clusters, silent letters). */
const PUBLISHED: Case[] = [
  ['สะพาน', 'Saphan'],
  ['ลันตา', 'Lanta'],
  ['บาง', 'Bang'],
  ['สมุทร', 'Samut'],
  ['ลำ', 'Lam'],
  ['สิงห์', 'Sing'],
  ['บุรี', 'Buri'],
  ['ภู', 'Phu'],
  ['เพ็ญ', 'Phen'],
  ['เขน', 'Khen'],
  ['แซะ', 'Sae'],
  ['สะแก', 'Sakae'],
  ['พะโต๊ะ', 'Phato'],
  ['ลพ', 'Lop'],
  ['เกาะ', 'Ko'],
  ['บ่อ', 'Bo'],
  ['เซอะ', 'Soe'],
  ['อำเภอ', 'Amphoe'],
  ['เนิน', 'Noen'],
  ['ลูกเสือ', 'Luksuea'],
  ['โชคชัย จิตงาม', 'Chokchai Chitngam'],
  ['สถาบัน ไทย คดี ศึกษา', 'Sathaban Thai Khadi Sueksa'],
  ['เตะ', 'Te'],
  ['แพะ', 'Phae'],
  ['เลอะ', 'Loe'],
  ['เกิด', 'Koet'],
  ['เลย', 'Loei'],
  ['เขียว', 'Khiao'],
  ['เรือ', 'Ruea'],
  ['เกลือ', 'Kluea'],
  ['เมีย', 'Mia'],
  ['ผัว', 'Phua'],
  ['สวน', 'Suan'],
  ['ควาย', 'Khwai'],
  ['หวาน', 'Wan'],
  ['ดาว', 'Dao'],
  ['เรา', 'Rao'],
  ['ทุย', 'Thui'],
  ['โรย', 'Roi'],
  ['ลอย', 'Loi'],
  ['เหนื่อย', 'Nueai'],
  ['สวย', 'Suai'],
  ['หิว', 'Hio'],
  ['เร็ว', 'Reo'],
  ['แมว', 'Maeo'],
  ['เหลียว', 'Liao'],
  ['ฤดู', 'Ruedu'],
  ['ฤๅษี', 'Ruesi'],
  ['กฤษณา', 'Kritsana'],
  ['อังกฤษ', 'Angkrit'],
  ['พฤษภาคม', 'Phruetsaphakhom'],
  ['ทฤษฎี', 'Thritsadi'],
  ['น้ำ', 'Nam'],
  ['ไหม', 'Mai'],
  ['ใจ', 'Chai'],
  ['ถนน', 'Thanon'],
  ['ขนม', 'Khanom'],
  ['สนาม', 'Sanam'],
  ['ตลาด', 'Talat'],
  ['แสดง', 'Sadaeng'],
  ['เสด็จ', 'Sadet'],
  ['โฉนด', 'Chanot'],
  ['ประเทศ', 'Prathet'],
  ['เพชร', 'Phet'],
  ['มิตร', 'Mit'],
  ['บริษัท', 'Borisat'],
  ['ประวัติ', 'Prawat'],
  ['เหตุ', 'Het'],
  ['ธาตุ', 'That'],
  ['อายุ', 'Ayu'],
  ['สติ', 'Sati'],
  ['ความ', 'Khwam'],
  ['หลวง', 'Luang'],
  ['เศร้า', 'Sao'],
  ['จริง', 'Ching'],
  ['ก็', 'Ko'],
  ['ศาสตร์', 'Sat'],
  ['ลักษณ์', 'Lak'],
  ['พันธุ์', 'Phan'],
  ['สวรรค์', 'Sawan'],
  ['บรรจง', 'Banchong'],
  ['วรรณา', 'Wanna'],
  ['กรรมการ', 'Kammakan', 'ม after รร read twice'],
  ['ธรรมชาติ', 'Thammachat'],
];

function check(cases: readonly Case[]) {
  for (const [thai, rtgs, note] of cases) {
    it(`${thai} → ${rtgs}${note ? ` (${note})` : ''}`, () => expect(romanizeThai(thai)).toBe(rtgs));
  }
}

describe('romanizeThai: names and words from the brief', () => check(BRIEF));
describe('romanizeThai: published RTGS examples', () => check(PUBLISHED));

describe('romanizeThai: text handling', () => {
  it('capitalizes each word and collapses whitespace', () => {
    expect(romanizeThai('  สมชาย \t  ใจดี\n')).toBe('Somchai Chaidi');
  });
  it('keeps non-Thai characters as they are', () => {
    expect(romanizeThai('Dr. สมชาย (บ้าน 2)')).toBe('Dr. Somchai (Ban 2)');
    expect(romanizeThai('John Smith')).toBe('John Smith');
  });
  it('repeats the word before ๆ', () => {
    expect(romanizeThai('ดีๆ')).toBe('Di Di');
    expect(romanizeThai('เร็ว ๆ')).toBe('Reo Reo');
  });
  it('treats a zero-width space as a word break and drops invisible joiners', () => {
    expect(romanizeThai('สมชาย\u200Bใจดี')).toBe('Somchai Chaidi');
    expect(romanizeThai('สม\u200Dชาย')).toBe('Somchai');
  });
  it('keeps Thai symbols that are not letters', () => {
    expect(romanizeThai('๑๐๐฿')).toBe('100฿');
  });
  it('drops ฯ and reads Thai digits', () => {
    expect(romanizeThai('กรุงเทพฯ')).toBe('Krungthep');
    expect(romanizeThai('ซอย ๑๒')).toBe('Soi 12');
  });
  it('ignores tone marks and accepts ํา typed for ำ', () => {
    expect(romanizeThai('นํ้า')).toBe('Nam');
    expect(romanizeThai('ก๋วยเตี๋ยว')).toBe('Kuaitiao');
  });
  it('returns an empty string for empty or blank input', () => {
    expect(romanizeThai('')).toBe('');
    expect(romanizeThai('   ')).toBe('');
  });
  it('never throws on unusual sequences', () => {
    expect(() => romanizeThai('ะาิ์ๆฯ็่')).not.toThrow();
    expect(romanizeThai('ะา')).toMatch(/^[A-Za-z]*$/);
  });
});
