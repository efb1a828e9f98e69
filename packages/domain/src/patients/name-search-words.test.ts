import { describe, expect, it } from 'vitest';
import { nameSearchWords } from './name-search-words';

const titles = { thai: ['นาย', 'นาง', 'นางสาว', 'ด.ช.'], english: ['Mr.', 'Mrs.', 'Miss'] };

describe(nameSearchWords.name, () => {
  it('splits at spaces', () => {
    expect(nameSearchWords('  สมชาย   ศรีสุข ', titles)).toEqual(['สมชาย', 'ศรีสุข']);
  });
  it('splits a Thai title typed glued to the name, the longest title first', () => {
    expect(nameSearchWords('นายสมชาย', titles)).toEqual(['นาย', 'สมชาย']);
    expect(nameSearchWords('นางสาวสมหญิง ใจดี', titles)).toEqual(['นางสาว', 'สมหญิง', 'ใจดี']);
    expect(nameSearchWords('ด.ช.ปิติ', titles)).toEqual(['ด.ช.', 'ปิติ']);
  });
  it('leaves English titles out, glued or not (the searched name has none)', () => {
    expect(nameSearchWords('Mrs.Smith', titles)).toEqual(['smith']);
    expect(nameSearchWords('Mr. John Smith', titles)).toEqual(['john', 'smith']);
  });
  it('leaves a word alone when the title is nearly all of it, and searches titles typed alone as typed', () => {
    expect(nameSearchWords('นางก', titles)).toEqual(['นางก']);
    expect(nameSearchWords('นาย', titles)).toEqual(['นาย']);
    expect(nameSearchWords('Mr.', titles)).toEqual(['mr.']);
  });
});
