import { encodeTis620 } from '../parse/charset';
import type { AnswerCharacterSet } from './ae-character-sets';
import { encodeItem, type Item, type TextBytes } from './mwl/worklist-encoder';

const tis620: TextBytes = (text) => Buffer.from(encodeTis620(text));

/** ASCII and the Thai characters TIS-620 has (U+0E01–U+0E3A, U+0E3F–U+0E5B): all ISO_IR 166 can carry. */
function fitsTis620Text(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 && !(c >= 0x0e01 && c <= 0x0e3a) && !(c >= 0x0e3f && c <= 0x0e5b)) return false;
  }
  return true;
}

function fitsTis620(item: Item): boolean {
  for (const value of item.values()) {
    if (typeof value === 'string' ? !fitsTis620Text(value) : !value.every(fitsTis620)) return false;
  }
  return true;
}

/**
 * Encodes the C-FIND answers of one association in its AE's character set (DICOM_AE_ANSWER_CHARACTER_SETS). Under
 * ISO_IR 166 an answer holding a character TIS-620 lacks goes whole in ISO_IR 192 instead, declared so: nothing is
 * lost or replaced, and the other answers stay TIS-620 (docs/decisions/io21-answer-character-set.md).
 */
export class AnswerEncoder {
  /** Answers that fell back to ISO_IR 192, for the log line. */
  fallbacks = 0;

  constructor(
    private readonly explicitVr: boolean,
    private readonly characterSet: AnswerCharacterSet = 'ISO_IR 192',
  ) {}

  /** The answer's bytes; sets its SpecificCharacterSet to the set it is written in. */
  encode(item: Item): Buffer {
    if (this.characterSet === 'ISO_IR 166') {
      item.delete('SpecificCharacterSet');
      if (fitsTis620(item)) {
        item.set('SpecificCharacterSet', 'ISO_IR 166');
        return encodeItem(item, this.explicitVr, tis620);
      }
      this.fallbacks++;
    }
    item.set('SpecificCharacterSet', 'ISO_IR 192');
    return encodeItem(item, this.explicitVr);
  }
}
