import type { NamePair } from './first-names';

/** Thai family names with the spellings their holders commonly use in English. */
export const SURNAMES: readonly NamePair[] = [
  ['ศรีสุข', 'Srisuk'], ['แสงทอง', 'Saengthong'], ['ทองดี', 'Thongdee'], ['สุขสวัสดิ์', 'Suksawat'], ['วงศ์สวัสดิ์', 'Wongsawat'],
  ['บุญมา', 'Boonma'], ['บุญประเสริฐ', 'Boonprasert'], ['จันทร์เพ็ญ', 'Chanphen'], ['พรหมมา', 'Phromma'], ['สมบูรณ์', 'Sombun'],
  ['ใจดี', 'Jaidee'], ['รัตนพันธ์', 'Rattanaphan'], ['ศรีวงศ์', 'Sriwong'], ['กิตติวงศ์', 'Kittiwong'], ['เจริญผล', 'Charoenphon'],
  ['เจริญสุข', 'Charoensuk'], ['ทองคำ', 'Thongkham'], ['แก้วมณี', 'Kaewmanee'], ['แก้วประเสริฐ', 'Kaewprasert'], ['มีสุข', 'Meesuk'],
  ['สุวรรณรัตน์', 'Suwannarat'], ['สุวรรณศรี', 'Suwannasri'], ['ชัยมงคล', 'Chaimongkol'], ['ชัยประเสริฐ', 'Chaiprasert'], ['นาคสวัสดิ์', 'Naksawat'],
  ['ปัญญาดี', 'Panyadee'], ['พึ่งบุญ', 'Phuengboon'], ['เพชรรัตน์', 'Phetcharat'], ['มั่นคง', 'Mankhong'], ['รุ่งเรือง', 'Rungruang'],
  ['วิเศษศักดิ์', 'Wisetsak'], ['ศักดิ์สิทธิ์', 'Saksit'], ['สายทอง', 'Saithong'], ['หอมจันทร์', 'Homchan'], ['อินทร์แก้ว', 'Inkaew'],
  ['อ่อนศรี', 'Onsri'], ['บุญเรือง', 'Boonruang'], ['ปานทอง', 'Panthong'], ['ประเสริฐวงศ์', 'Prasertwong'], ['เรืองศรี', 'Ruangsri'],
  ['ศรีทอง', 'Srithong'], ['สิงห์ทอง', 'Singthong'], ['ทองสุข', 'Thongsuk'], ['นิลสุวรรณ', 'Ninsuwan'], ['วงศ์ใหญ่', 'Wongyai'],
  ['คำแสง', 'Khamsaeng'], ['คำมา', 'Khamma'], ['ดวงแก้ว', 'Duangkaew'], ['ตั้งใจ', 'Tangjai'], ['ธนสาร', 'Thanasan'],
  ['นาคประเสริฐ', 'Nakprasert'], ['บัวแก้ว', 'Buakaew'], ['ปิ่นทอง', 'Pinthong'], ['พานิช', 'Phanich'], ['ภูมิใจ', 'Phumjai'],
  ['มณีวงศ์', 'Maneewong'], ['ยอดดี', 'Yoddee'], ['รักษ์ไทย', 'Rakthai'], ['ลิ้มสกุล', 'Limsakul'], ['วัฒนา', 'Watthana'],
  ['ศรีประเสริฐ', 'Sriprasert'], ['สกุลดี', 'Sakuldee'], ['สังข์ทอง', 'Sangthong'], ['หงษ์ทอง', 'Hongthong'], ['อยู่สุข', 'Yoosuk'],
  ['อุดมสุข', 'Udomsuk'], ['เกษมสุข', 'Kasemsuk'], ['แก่นจันทร์', 'Kaenchan'], ['โชติช่วง', 'Chotchuang'], ['ไชยวงศ์', 'Chaiyawong'],
  ['กองแก้ว', 'Kongkaew'], ['ขันทอง', 'Khanthong'], ['จันทร์หอม', 'Chanhom'], ['จันทร์แก้ว', 'Chankaew'], ['ชูศรี', 'Chusri'],
  ['ณ ระนอง', 'Na Ranong'], ['ดีมาก', 'Deemak'], ['ทองมา', 'Thongma'], ['ทองใบ', 'Thongbai'], ['นามวงศ์', 'Namwong'],
  ['บุญยืน', 'Boonyuen'], ['บุตรดี', 'Butdee'], ['ประทุมมา', 'Prathumma'], ['พรมดี', 'Phromdee'], ['ภักดี', 'Phakdee'],
  ['มหาวงศ์', 'Mahawong'], ['ยิ้มแย้ม', 'Yimyaem'], ['เรืองฤทธิ์', 'Ruangrit'], ['ลาภมา', 'Lapma'], ['วงศ์คำ', 'Wongkham'],
  ['ศรีบุญ', 'Sriboon'], ['สมหวัง', 'Somwang'], ['สว่างศรี', 'Sawangsri'], ['สุขเจริญ', 'Sukcharoen'], ['หมื่นแก้ว', 'Muenkaew'],
  ['อ่อนละมัย', 'Onlamai'], ['อินทร์ตา', 'Inta'], ['เอี่ยมสะอาด', 'Iamsaard'], ['แซ่ตั้ง', 'Sae-Tang'], ['แซ่ลิ้ม', 'Sae-Lim'],
  ['แซ่อึ้ง', 'Sae-Ung'], ['แซ่เฮ้ง', 'Sae-Heng'], ['ตันติวงศ์', 'Tantiwong'], ['เตชะวัฒน์', 'Techawat'], ['ธีระวัฒน์', 'Theerawat'],
  ['นิมิตรวงศ์', 'Nimitwong'], ['พงษ์พานิช', 'Phongphanich'], ['วิริยะกุล', 'Wiriyakul'], ['ศรีสมบูรณ์', 'Srisombun'], ['สุขประเสริฐ', 'Sukprasert'],
  ['อัศวเรืองชัย', 'Atsawaruangchai'], ['กาญจนวงศ์', 'Kanchanawong'], ['ชัยวัฒนา', 'Chaiwatthana'], ['ทองประเสริฐ', 'Thongprasert'], ['บุญศรี', 'Boonsri'],
  ['ปัญญาวงศ์', 'Panyawong'], ['พรหมวงศ์', 'Phromwong'], ['มงคลชัย', 'Mongkolchai'], ['รัตนวงศ์', 'Rattanawong'], ['วงศ์ไทย', 'Wongthai'],
  ['ศรีสวัสดิ์', 'Srisawat'], ['สุขใจ', 'Sukjai'], ['เหลืองอ่อน', 'Lueang-on'], ['แสงอรุณ', 'Saeng-arun'], ['ธรรมวงศ์', 'Thammawong'],
  ['พุ่มพวง', 'Phumphuang'], ['คงสวัสดิ์', 'Khongsawat'], ['ไชยมงคล', 'Chaiyamongkol'], ['สุขสำราญ', 'Suksamran'], ['ทองเจริญ', 'Thongcharoen'],
  ['ศิริวัฒน์', 'Siriwat'], ['ปัญญาประเสริฐ', 'Panyaprasert'], ['โพธิ์ศรี', 'Phosri'], ['บุญทา', 'Boonta'], ['ทองอินทร์', 'Thongin'],
];

/** A few non-Thai patients (registered by passport), with the Thai spelling staff would type. */
export interface ForeignPerson {
  firstTh: string; firstEn: string; lastTh: string; lastEn: string;
  gender: 'Male' | 'Female'; nationality: string; passportPrefix: string;
}

export const FOREIGNERS: readonly ForeignPerson[] = [
  { firstTh: 'จอห์น', firstEn: 'John', lastTh: 'สมิธ', lastEn: 'Smith', gender: 'Male', nationality: 'อังกฤษ', passportPrefix: '5' },
  { firstTh: 'เอมิลี่', firstEn: 'Emily', lastTh: 'จอห์นสัน', lastEn: 'Johnson', gender: 'Female', nationality: 'อเมริกัน', passportPrefix: '6' },
  { firstTh: 'อ่อง', firstEn: 'Aung', lastTh: 'จ่อ', lastEn: 'Kyaw', gender: 'Male', nationality: 'เมียนมา', passportPrefix: 'MA' },
  { firstTh: 'ซู', firstEn: 'Su', lastTh: 'มิ้นต์', lastEn: 'Myint', gender: 'Female', nationality: 'เมียนมา', passportPrefix: 'MB' },
  { firstTh: 'บุนมี', firstEn: 'Bounmy', lastTh: 'พมมะจัน', lastEn: 'Phommachanh', gender: 'Male', nationality: 'ลาว', passportPrefix: 'P' },
  { firstTh: 'ยูกิ', firstEn: 'Yuki', lastTh: 'ทานากะ', lastEn: 'Tanaka', gender: 'Female', nationality: 'ญี่ปุ่น', passportPrefix: 'TK' },
  { firstTh: 'ฮันส์', firstEn: 'Hans', lastTh: 'มึลเลอร์', lastEn: 'Mueller', gender: 'Male', nationality: 'เยอรมัน', passportPrefix: 'C' },
  { firstTh: 'สุคนธ์', firstEn: 'Sokhon', lastTh: 'เจีย', lastEn: 'Chea', gender: 'Female', nationality: 'กัมพูชา', passportPrefix: 'N' },
];
