import { describe, expect, it } from 'vitest';
import { examForStudy, studyFromState, studyModalities } from './request-from-study';

const exam = (examId: string, modalityCode: string) => ({ examId, modalityCode, accessionNumber: `A-${examId}` });

describe('examForStudy', () => {
  it('takes the exam of the modality the images have', () => {
    expect(examForStudy({ modalities: 'CT' }, [exam('1', 'US'), exam('2', 'CT')])?.examId).toBe('2');
    expect(examForStudy({ modalities: 'SR\\CT' }, [exam('1', 'CT'), exam('2', 'MR')])?.examId).toBe('1');
  });

  it('takes the only exam whatever its modality, and none when the choice is not clear', () => {
    expect(examForStudy({ modalities: 'OT' }, [exam('1', 'CR')])?.examId).toBe('1');
    expect(examForStudy({ modalities: null }, [exam('1', 'CT'), exam('2', 'US')])).toBeNull();
    expect(examForStudy({ modalities: 'CT' }, [exam('1', 'CT'), exam('2', 'CT')])).toBeNull();
    expect(examForStudy({ modalities: 'CT' }, [])).toBeNull();
  });
});

describe('studyFromState', () => {
  it('reads back only a study it wrapped', () => {
    const study = { studyId: 's1' } as Parameters<typeof studyFromState.wrap>[0];
    expect(studyFromState.unwrap(studyFromState.wrap(study))?.studyId).toBe('s1');
    expect(studyFromState.unwrap(null)).toBeNull();
    expect(studyFromState.unwrap({ fromStudy: { studyId: 7 } })).toBeNull();
  });
});

describe('studyModalities', () => {
  it('splits ModalitiesInStudy into upper-case codes in their order', () => {
    expect(studyModalities({ modalities: 'SR\\mr' })).toEqual(['SR', 'MR']);
    expect(studyModalities({ modalities: null })).toEqual([]);
  });
});
