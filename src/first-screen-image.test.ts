import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_IMAGE_ATTRIBUTE } from './content/routes';
import { loadFirstScreenImage } from './first-screen-image';

const flushObservers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the home page first image', () => {
  it('becomes eager as soon as it is in the page, and only it', async () => {
    document.body.innerHTML = '';
    loadFirstScreenImage();
    document.body.innerHTML = `<img alt="" loading="lazy" ${FIRST_SCREEN_IMAGE_ATTRIBUTE}><img alt="" loading="lazy">`;
    await flushObservers();
    const [first, second] = document.querySelectorAll('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(second).toHaveAttribute('loading', 'lazy');
  });
});
