// Turns the syllables of one word into RTGS, applying the rules that span two syllables: the silent final
// vowel of Pali words (ชาติ chat), a final read twice in Pali/Sanskrit compounds (ราชบุรี ratchaburi), and
// ทร read thr after a closed syllable (จันทรา chanthra).
import { type Syllable, syllableSound } from './syllable';
import { FINAL, INITIAL, clusterKind, sameVarga } from './thai-letters';

/** Finals that are read a second time, with an inherent a, before another syllable (รัตนา rat-ta-na, พัชรี phat-cha-ri). */
const READ_TWICE = 'ตฏฐฒทธชษศสจภพ';
/** Of those, ภ and พ only after a short vowel (นพดล nop-pha-don, ศุภชัย sup-pha-chai; not กรุงเทพมหานคร). */
const READ_TWICE_AFTER_SHORT_ONLY = 'ภพ';
/** Vowels Pali and Sanskrit do not have: after them the word is Thai (เลิศวิไล loet-wi-lai, ประเสริฐสุข). */
const THAI_ONLY_VOWELS = ['oe', 'ue', 'uea'];

/**
 * ชาติ chat, ภูมิ phum, ประวัติ prawat, เหตุ het: a final ิ (or ุ after ต) of a Pali word is silent after a
 * long open syllable or after ั, and its letter closes that syllable. Not after a short or closed one:
 * กิตติ kitti, สติ sati.
 */
function dropSilentFinalVowel(syllables: Syllable[]): Syllable[] {
  const last = syllables[syllables.length - 1];
  const prev = syllables[syllables.length - 2];
  if (!last || !prev || last.onset.length !== 1 || last.final) return syllables;
  if (last.vowelSign !== 'ิ' && !(last.vowelSign === 'ุ' && last.onset === 'ต')) return syllables;
  if (prev.shared && prev.final === last.onset) return syllables.slice(0, -1);
  const sound = FINAL[last.onset];
  const openLong = !prev.final && !prev.short && !prev.implicit && !['ai', 'am', 'ao'].includes(prev.vowel);
  if (openLong && sound != null && 'ktpm'.includes(sound)) {
    return [...syllables.slice(0, -2), { ...prev, final: last.onset, end: last.end }];
  }
  return syllables;
}

function readsFinalTwice(prev: Syllable, next: Syllable): boolean {
  const f = prev.final;
  const nextInitial = next.onset[0];
  if (!f || prev.shared || prev.extraSilent || next.afterSilenced || nextInitial == null) return false;
  if (INITIAL[f] === INITIAL[nextInitial]) return false; // the same sound is not repeated (พรรณนิภา phan-ni-pha)
  // ธรรมราช thammarat, วรรณกรรม wannakam, อรรถพล atthaphon; but not ณ before its own stops (พรรณทิพา phan-thi-pha).
  if (prev.doubleR) return f !== 'ร' && !(f === 'ณ' && 'ฏฐฑฒตถทธด'.includes(nextInitial)) && !sameVarga(f, nextInitial);
  // เพชรบุรี phetchaburi, จักรพงษ์ chakkraphong; but ฉัตรชัย chatchai, เนตรนภา netnapha, สมุทรสาคร samutsakhon.
  if (prev.silentR) return (f === 'ช' || f === 'ก') && !sameVarga(f, nextInitial);
  // Pali has no initial ง and no leading ห: before them the word is Thai and nothing is read twice (จิตงาม chitngam).
  if (
    sameVarga(f, nextInitial) ||
    'งหฝฟซฮ'.includes(nextInitial) ||
    (THAI_ONLY_VOWELS.includes(prev.vowel) && !'ฤฦ'.includes(prev.vowelSign))
  ) {
    return false;
  }
  if (f === 'ล') return prev.vowelSign === 'ั'; // กัลยา kan-la-ya, ศัลยกรรม (but ชลบุรี chon-, อุบล ubon)
  if (!READ_TWICE.includes(f)) return false;
  return !READ_TWICE_AFTER_SHORT_ONLY.includes(f) || prev.short;
}

/** The RTGS spelling of a word from its syllables. */
export function renderSyllables(input: Syllable[]): string {
  const syllables = dropSilentFinalVowel(input);
  let out = '';
  for (let i = 0; i < syllables.length; i++) {
    const s = syllables[i];
    if (!s) continue;
    const prev = syllables[i - 1];
    let onsetRoman = s.onsetRoman;
    // จันทรา chanthra, อินทรา inthra: ทร after a closed syllable is a true cluster before า (ทราย sai stays s).
    if (s.onset === 'ทร' && prev?.final && s.vowel === 'a' && s.vowelSign === 'า') onsetRoman = 'thr';
    // สุจิตรา su-chit-tra, บุตรี but-tri: ตร after a short open syllable also closes it.
    if (s.onset === 'ตร' && prev && !prev.final && prev.short && !prev.implicit) out += 't';
    if (prev && readsFinalTwice(prev, s)) {
      const f = prev.final;
      const again = INITIAL[f] ?? '';
      if (prev.silentR && clusterKind(f, 'ร') === 'true')
        out += again + 'ra'; // จักรพงษ์ chak-kra-phong
      // ภัทรา phat-thra, ศัตรู sat-tru: a repeated ต/ท forms a cluster with a following ร (but นพรัตน์ nop-pha-rat).
      else if ((f === 'ต' || f === 'ท') && s.onset === 'ร' && !s.implicit) onsetRoman = again + onsetRoman;
      else out += again + 'a';
    }
    out += onsetRoman + syllableSound({ ...s, onsetRoman: '' });
  }
  return out;
}
