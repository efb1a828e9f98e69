// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { examFixture } from '../testing/exam-fixture';
import { ImageCell } from './image-cell';

describe('ImageCell (issue 26 item 5: images on their way are not "no images")', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('th');
  });
  afterEach(cleanup);

  it('shows images arriving, with no viewer button, while the exam waits for its images', async () => {
    render(<ImageCell exam={examFixture({ hasImage: false, imagesArriving: true })} onOpen={vi.fn()} />);
    expect(screen.getByTestId('images-arriving').getAttribute('aria-label')).toBe('กำลังรับภาพ');
    expect(screen.queryByTestId('viewer-button')).toBeNull();
    expect(screen.queryByLabelText('ยังไม่มีภาพ')).toBeNull();
  });

  it('shows "no images" without the flag, and the viewer once the images are in', async () => {
    render(<ImageCell exam={examFixture({ hasImage: false })} onOpen={vi.fn()} />);
    expect(screen.getByLabelText('ยังไม่มีภาพ')).toBeTruthy();
    cleanup();
    render(<ImageCell exam={examFixture({ hasImage: true, imagesArriving: false })} onOpen={vi.fn()} />);
    expect(screen.getByTestId('viewer-button')).toBeTruthy();
    expect(screen.queryByTestId('images-arriving')).toBeNull();
  });
});
