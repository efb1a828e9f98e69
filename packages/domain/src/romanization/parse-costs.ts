// Every cost the syllable search uses, in one place (lower is likelier, negative is a bonus). They were
// tuned on the test lists in romanize-thai.test.ts; each one says which readings it separates.

/** Costs of reading one syllable a given way. */
export const COST = {
  explicit: 1,
  /** สม som, ผล phon: a consonant with no vowel sign closing on the next letter. */
  implicitO: 1.4,
  /** ชนิดา cha-ni-da, สุรชัย su-ra-chai: a consonant read with a short a. */
  implicitA: 1.3,
  /** A lone consonant with an inherent a at the end of a word is rare (ณ na). */
  implicitAWordFinal: 5,
  /**
   * เฉลิม, เจริญ, โฉนด: a preposed vowel over a high- or mid-class letter and a sonorant that is not a cluster
   * with it (อักษรนำ); over another letter (เกษม, แสดง) it is less usual (ยโสธร is ya-so-thon, not ya-sa-thon).
   */
  leadingSonorant: 1,
  leadingOther: 1.6,
  cluster: -0.3,
  leadingH: -0.4,
  /** ร as a final after a written vowel (อาจารย์ achan is fine at the end of a word; สุรชัย is su-ra-). */
  finalRAfterLongVowel: 2,
  finalRAfterShortVowel: 3,
  /** ร closing เ- แ- โ- hardly occurs (เกษร is ke-son, not ka-sen). */
  finalRAfterPreposed: 1.5,
  /** ข ค ฆ close an inherent-o syllable only in rare loans (นครสวรรค์ is na-khon-, not nok-). */
  implicitOVelarAspirate: 1,
  /** ต closed by ร with an inherent o (ton) does not occur: เกษตร is ka-set (silent ร), not ket-ton. */
  implicitOTon: 1,
  /** A cluster with an inherent o closes on a Thai final (กรม, ครบ, กลม), not on ส ศ ษ พ ป …: นครสวรรค์ na-khon-sa-wan. */
  clusterImplicitOForeignFinal: 0.6,
  silentR: 0.3,
  /** -ตร after a written vowel is the usual spelling of a final t (มิตร, บุตร, เนตรนภา net-na-pha). */
  silentRAfterT: -0.2,
  weakSilent: 0.2,
  /** ง hardly starts a syllable with no written vowel (รุ่งนภา rung-na-pha, not ru-ngon-pha). */
  implicitNgo: 1,
  /** A true cluster with an unwritten a is rare (นคร is na-khon, not nakh-ra; พรทิพย์ phon-thip). */
  clusterImplicitA: 1.2,
  geminateSilent: 0.6,
  /** Anything the templates do not cover, one character at a time, so a result always exists. */
  raw: 20,
} as const;

/** Costs that look at two or three syllables in a row (negative: a bonus). */
export const CONTEXT_COST = {
  /** เฉลิม cha-loem, เจริญ cha-roen: เ … ิ around two letters is the vowel เ-ิ, not an open เ- then -ิ. */
  splitOeVowel: 1,
  /**
   * An inherent-o syllable made of a Pali geminate or nasal + stop, right after an open syllable with a
   * written vowel, not at the end of the word: ยุทธนา is yut-tha-na (not yu-thot-na), กาญจนา kan-cha-na
   * (not ka-yot-na); but มหาดิลก is ma-ha-di-lok.
   */
  implicitOStopAfterOpen: 0.8,
  /** …but closed by a sonorant it is the usual reading: อุดรธานี u-don-, อุบลราชธานี u-bon-, อุดมศักดิ์ u-dom-. */
  implicitOSonorantAfterOpen: -0.3,
  /**
   * An inherent-o syllable after า ี ู closed by a final: กาญจนบุรี is kan-cha-na-, not kan-chon-. A long
   * open vowel is happy to stay open; a short one takes the next letter as its final (สุนทร sun-thon).
   */
  implicitOAfterLongClosed: 1.6,
  /**
   * An open เ- แ- โ- syllable followed by an inherent o closed by a Thai final (ก ด บ น ม ง): เกษม is ka-sem
   * and แสดง sa-daeng (leading consonant), whereas โสภณ so-phon, ยโสธร ya-so-thon, เกษร ke-son end in Pali -ṇa/-ra.
   */
  nativeImplicitOAfterOpenPreposed: 0.5,
  /** ง starting a syllable right after an open one that it could close (แสงอรุณ saeng-a-run, not sae-ngo-run). */
  ngAfterOpen: 0.8,
  /** A true cluster right after an inherent a: นพรัตน์ is nop-pha-rat, not na-phrat. */
  clusterAfterImplicitA: 0.6,
  /** A silent leading ห after an inherent a (สหรัฐ is sa-ha-rat, สหกรณ์ sa-ha-kon; หรือ, ใหญ่ keep it). */
  leadingHAfterImplicitA: 2.5,
  /** Two inherent-a syllables in a row (นครสวรรค์ is na-khon-sa-wan, not na-kha-rot-). */
  implicitAAfterImplicitA: 0.3,
  /**
   * Letters with no vowel sign at the start of a word read a-o first (กนก, ชนก, นคร, สกล, พนม, ขนม):
   * กนกพร ka-nok-phon, not kon-ka-phon.
   */
  wordInitialAThenO: -0.5,
  /** Three inherent-o syllables in a row are rarer than alternating a and o: สกลนคร sa-kon-na-khon. */
  threeImplicitO: 1.5,
  /** นครปฐม na-khon-pa-thom, not na-khrop-thom: a cluster closed by an inherent o right after an inherent a. */
  clusterImplicitOAfterImplicitA: 1.5,
  /** A nasal final before a stop of its own group is a Pali/Sanskrit cluster (นนทบุรี non-tha-, สุนทร sun-thon). */
  homorganicNasal: -0.6,
} as const;
