// The exception dictionary: words whose reading cannot be derived from their spelling by rule. Each entry
// gives a phonetic respelling in Thai (the "อ่านว่า" a Thai dictionary prints), which then goes through the
// ordinary rules, so the table stays in Thai and stays small. Add an entry only for a reading that is
// irregular (lexical), never to patch a rule that is merely wrong.

import { isConsonant, isPreposedVowel } from './thai-letters';

interface Respelling {
  /** Spelling to match, exactly as written (none of the entries has a tone mark). */
  thai: string;
  /** How it is read, spelled phonetically in Thai. */
  reads: string;
  /** word: the whole word; start: the beginning of a longer word (a compound); end: the end of a word. */
  at: 'word' | 'start' | 'end';
  why: string;
}

const RESPELLINGS: readonly Respelling[] = [
  {
    thai: 'จริง',
    reads: 'จิง',
    at: 'word',
    why: 'จร is read ch- with a silent ร only here; elsewhere cha-r- (เจริญ charoen, จรัส charat).',
  },
  { thai: 'ก็', reads: 'ก้อ', at: 'word', why: 'ก็ is read ko, a spelling of its own.' },
  {
    thai: 'ธนบุรี',
    reads: 'ธนบุรี',
    at: 'word',
    why: 'Thon Buri keeps the old reading thon-; other ธน- names read thana- (next entry).',
  },
  {
    thai: 'ธน',
    reads: 'ธนะ',
    at: 'start',
    why: 'Pali dhana- keeps its linking a in names: ธนพล Thanaphon, ธนกร Thanakon (the rule would give thon-).',
  },
  {
    thai: 'เอก',
    reads: 'เอกกะ',
    at: 'start',
    why: 'Pali eka- is read ek-ka- in compounds (เอกชัย Ekkachai, เอกราช ekkarat); ก is not normally read twice.',
  },
  {
    thai: 'วุฒิ',
    reads: 'วุฒ',
    at: 'end',
    why: 'วุฒิ is read wut at the end of a word (ณัฐวุฒิ Natthawut) although its first syllable is short.',
  },
  { thai: 'เกียรติ', reads: 'เกียด', at: 'word', why: 'The ร of เกียรติ is silent: kiat.' },
  {
    thai: 'เกียรติ',
    reads: 'เกียดติ',
    at: 'start',
    why: 'As the start of a name เกียรติ reads kiatti- (เกียรติศักดิ์ Kiattisak).',
  },
  { thai: 'เกียรติ', reads: 'เกียด', at: 'end', why: 'At the end of a name เกียรติ reads kiat (สมเกียรติ Somkiat).' },
  {
    thai: 'มิตรภาพ',
    reads: 'มิตตระภาพ',
    at: 'word',
    why: 'The silent ร of มิตร is read in this compound: mittraphap (not ฉัตรชัย chatchai, บุตรชาย butchai).',
  },
  {
    thai: 'อุตรดิตถ์',
    reads: 'อุตตะระดิด',
    at: 'word',
    why: 'Uttaradit: the ร after ต has its own a here (uttara), where มิตร, บุตร, เพชร have a silent ร.',
  },
  {
    thai: 'ศรี',
    reads: 'ศรี|',
    at: 'start',
    why: 'ศรี (Skt. śrī) is a word of its own at the start of a name; its ี never takes the next letter as a final (ศรีสวัสดิ์ Sisawat, not Sitsawat). | marks a syllable boundary.',
  },
  { thai: 'พรหม', reads: 'พรม', at: 'word', why: 'The ห of พรหม is silent: phrom.' },
  { thai: 'พรหม', reads: 'พรม', at: 'start', why: 'พรหม- in names: พรหมมา Phromma.' },
  {
    thai: 'ศรา',
    reads: 'ศะรา',
    at: 'start',
    why: 'ศร before า is sa-r- in names (ศราวุธ Sarawut, ศรายุทธ Sarayut), not the false cluster of ศรี si.',
  },
  {
    thai: 'สรา',
    reads: 'สะรา',
    at: 'start',
    why: 'Likewise สรา- (สราวุธ Sarawut, สราญ); สร้าง sang keeps the cluster (the tone mark keeps it from matching).',
  },
  {
    thai: 'าวดี',
    reads: 'าวะดี',
    at: 'end',
    why: 'The Pali suffix -vatī after า is wa-di (สุภาวดี Suphawadi), not a final ว (-ao-di); แก้วดี stays Kaeodi.',
  },
  { thai: 'บดี', reads: 'บอดี', at: 'end', why: 'The Pali -pati is bo-di (รามาธิบดี Ramathibodi, อธิบดี athibodi).' },
  {
    thai: 'ลพบุรี',
    reads: 'ลบบุรี',
    at: 'word',
    why: 'Lop Buri: พ is not read twice here (the rule reads นพดล nop-pha-don).',
  },
  {
    thai: 'ชัยภูมิ',
    reads: 'ชัยยะภูม',
    at: 'word',
    why: 'Chaiyaphum: ย is read twice in this province name (but ชัยนาท Chai Nat).',
  },
  {
    thai: 'สุพรรณบุรี',
    reads: 'สุพันบุรี',
    at: 'word',
    why: 'Suphan Buri: ณ is not read twice (the rule reads วรรณกรรม wannakam).',
  },
  { thai: 'สระบุรี', reads: 'สะระบุรี', at: 'word', why: 'Saraburi: สระ is sa alone but sa-ra- in this name.' },
  { thai: 'มหาสารคาม', reads: 'มหาสาระคาม', at: 'word', why: 'Maha Sarakham: the ร of สาร is read ra here.' },
  { thai: 'กาฬสินธุ์', reads: 'กาละสิน', at: 'word', why: 'Kalasin: ฬ is read la, not as the final of กา.' },
];

/** Replaces an irregular word (or the irregular start or end of a compound) by its phonetic respelling. */
export function respell(word: string): string {
  for (const r of RESPELLINGS) {
    if (r.at === 'word' && word === r.thai) return r.reads;
  }
  let out = word;
  let changed = false;
  for (const r of RESPELLINGS) {
    const next = out[r.thai.length];
    if (r.at === 'start' && out.startsWith(r.thai) && (isConsonant(next) || isPreposedVowel(next))) {
      out = r.reads + out.slice(r.thai.length);
      changed = true;
    } else if (r.at === 'end' && out.length > r.thai.length && out.endsWith(r.thai)) {
      out = out.slice(0, out.length - r.thai.length) + r.reads;
      changed = true;
    }
  }
  return changed ? out : word;
}
