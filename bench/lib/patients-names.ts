// Name parts for the patient bench's bulk patients. The demo seed's lists (185 given names and 135 family names)
// alone would give every name thousands of holders in a million patients. Real registers are long-
// tailed: a few given names are very common, family names are nearly unique per family (Thai law registers each one),
// and both are mostly compounds of a few hundred Pali/Sanskrit and Thai words. So the bench builds most names from
// the parts below, each with the spelling its holders commonly use in English, and draws the rest from the seed.
import type { NamePair } from '../../apps/server/src/seed/data/first-names';

/** First halves of compound given names (กิตติ + พงษ์ = กิตติพงษ์, Kittiphong). */
export const GIVEN_HEADS: readonly NamePair[] = [
  ['กิตติ', 'Kitti'], ['ธนา', 'Thana'], ['ศิริ', 'Siri'], ['สุ', 'Su'], ['วรา', 'Wara'], ['ปิยะ', 'Piya'], ['อนุ', 'Anu'],
  ['จิรา', 'Chira'], ['ณัฐ', 'Nat'], ['ภัทร', 'Phat'], ['วิ', 'Wi'], ['ประ', 'Pra'], ['สม', 'Som'], ['พร', 'Phon'],
  ['กมล', 'Kamon'], ['อรุณ', 'Arun'], ['ทิพ', 'Thip'], ['บุญ', 'Bun'], ['ธีระ', 'Thira'], ['นภ', 'Nop'], ['รัตน', 'Rattana'],
  ['ชล', 'Chon'], ['อภิ', 'Aphi'], ['ศุภ', 'Supha'], ['เกียรติ', 'Kiat'], ['วีร', 'Wira'], ['พิม', 'Phim'], ['ปวี', 'Pawi'],
  ['กัลย', 'Kanlaya'], ['ชนา', 'Chana'], ['อัญ', 'An'], ['ธิติ', 'Thiti'], ['ปุณ', 'Pun'], ['ภูมิ', 'Phumi'], ['เมธ', 'Met'],
  ['ยุทธ', 'Yut'], ['นันท', 'Nanta'], ['ขวัญ', 'Khwan'], ['ดารา', 'Dara'], ['ชุติ', 'Chuti'],
];

/** Second halves of compound given names. */
export const GIVEN_TAILS: readonly NamePair[] = [
  ['พงษ์', 'phong'], ['ชัย', 'chai'], ['พร', 'phon'], ['รัตน์', 'rat'], ['วัฒน์', 'wat'], ['ศักดิ์', 'sak'], ['กร', 'korn'],
  ['พล', 'phon'], ['ชาติ', 'chat'], ['ทิพย์', 'thip'], ['ลักษณ์', 'lak'], ['นันท์', 'nan'], ['วดี', 'wadi'], ['ธิดา', 'thida'],
  ['ภรณ์', 'phon'], ['กานต์', 'kan'], ['สิทธิ์', 'sit'], ['เดช', 'det'], ['วุฒิ', 'wut'], ['มาศ', 'mat'], ['ณี', 'ni'],
  ['ศรี', 'si'], ['ภา', 'pha'], ['วรรณ', 'wan'], ['นุช', 'nut'], ['ชนก', 'chanok'], ['ยา', 'ya'], ['นา', 'na'], ['กุล', 'kun'],
  ['เทพ', 'thep'], ['ภพ', 'phop'], ['เมศ', 'met'], ['ทร', 'thon'], ['ฤดี', 'ruedi'], ['ปรีย์', 'pri'], ['วิทย์', 'wit'],
  ['นนท์', 'non'], ['ธร', 'thon'], ['ชา', 'cha'], ['ดา', 'da'],
];

/** Words Thai family names are made of, in any order (แก้ว + มณี = แก้วมณี; ศรี + สุข + สวัสดิ์). */
export const FAMILY_PARTS: readonly NamePair[] = [
  ['ศรี', 'Sri'], ['แก้ว', 'Kaew'], ['ทอง', 'Thong'], ['บุญ', 'Boon'], ['สุข', 'Suk'], ['วงศ์', 'Wong'], ['เจริญ', 'Charoen'],
  ['ชัย', 'Chai'], ['รัตน', 'Rattana'], ['พันธุ์', 'Phan'], ['แสง', 'Saeng'], ['ดี', 'Dee'], ['สวัสดิ์', 'Sawat'], ['มณี', 'Manee'],
  ['ประเสริฐ', 'Prasert'], ['สมบูรณ์', 'Sombun'], ['จันทร์', 'Chan'], ['เพชร', 'Phet'], ['ทรัพย์', 'Sap'], ['ศักดิ์', 'Sak'],
  ['กุล', 'Kul'], ['สกุล', 'Sakul'], ['วัฒนา', 'Watthana'], ['เรือง', 'Ruang'], ['รุ่ง', 'Rung'], ['นาค', 'Nak'], ['คำ', 'Kham'],
  ['อินทร์', 'In'], ['ไชย', 'Chai'], ['มงคล', 'Mongkol'], ['สิทธิ์', 'Sit'], ['ภักดี', 'Phakdee'], ['พงษ์', 'Phong'], ['ธรรม', 'Tham'],
  ['นิล', 'Nin'], ['หอม', 'Hom'], ['ใจ', 'Jai'], ['ปัญญา', 'Panya'], ['บัว', 'Bua'], ['ดวง', 'Duang'], ['ยอด', 'Yot'], ['สาย', 'Sai'],
  ['หงษ์', 'Hong'], ['สิงห์', 'Sing'], ['พรหม', 'Phrom'], ['เกษม', 'Kasem'], ['อุดม', 'Udom'], ['ไพศาล', 'Phaisan'], ['วิเศษ', 'Wiset'],
  ['มั่น', 'Man'], ['คง', 'Khong'], ['ทวี', 'Thawi'], ['โชติ', 'Chot'], ['ฤทธิ์', 'Rit'], ['สว่าง', 'Sawang'], ['ลิ้ม', 'Lim'],
  ['เลิศ', 'Loet'], ['ศิลป์', 'Sin'], ['พานิช', 'Phanit'], ['อ่อน', 'On'], ['เอี่ยม', 'Iam'], ['ชู', 'Chu'], ['ปาน', 'Pan'],
  ['ขัน', 'Khan'], ['นาม', 'Nam'], ['มหา', 'Maha'], ['ตัน', 'Tan'], ['เตชะ', 'Techa'], ['วิริยะ', 'Wiriya'], ['กาญจน', 'Kanchana'],
];
