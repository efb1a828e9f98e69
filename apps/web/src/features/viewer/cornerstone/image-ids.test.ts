import { describe, expect, it } from 'vitest';
import { baseImageId, imageIdsOf, urlOfImageId } from './image-ids';

describe('image ids', () => {
  it('adds the token, and one id per frame with frame= last', () => {
    const ids = imageIdsOf(
      [
        { sopInstanceUid: '1', numberOfFrames: 1, wadoUri: '/dicomweb/wado?requestType=WADO&objectUID=1' },
        { sopInstanceUid: '2', numberOfFrames: 3, wadoUri: '/dicomweb/wado?requestType=WADO&objectUID=2' },
      ],
      'tok+en',
      'http://h:1',
    );
    expect(ids).toEqual([
      'wadouri:http://h:1/dicomweb/wado?requestType=WADO&objectUID=1&token=tok%2Ben',
      'wadouri:http://h:1/dicomweb/wado?requestType=WADO&objectUID=2&token=tok%2Ben&frame=1',
      'wadouri:http://h:1/dicomweb/wado?requestType=WADO&objectUID=2&token=tok%2Ben&frame=2',
      'wadouri:http://h:1/dicomweb/wado?requestType=WADO&objectUID=2&token=tok%2Ben&frame=3',
    ]);
  });

  it('names the instance behind a frame, and its URL', () => {
    expect(baseImageId('wadouri:http://h/w?objectUID=2&token=t&frame=3')).toBe(
      'wadouri:http://h/w?objectUID=2&token=t',
    );
    expect(baseImageId('wadouri:http://h/w?objectUID=1&token=t')).toBe('wadouri:http://h/w?objectUID=1&token=t');
    expect(urlOfImageId('wadouri:http://h/w?objectUID=2&token=t&frame=3')).toBe('http://h/w?objectUID=2&token=t');
  });
});
