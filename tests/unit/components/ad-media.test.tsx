// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { AdCard } from '../../../components/ads/ad-card';
import { adPreview, firstFrameUrl, runStatusText } from '../../../components/ads/ad-words';
import { VideoFrame } from '../../../components/ads/video-frame';
import { creativesOf, renderReport } from '../../../components/report/report-html';
import { libraryAdSchemaIn, type LibraryAd } from '../../../lib/contract/ad-library';
import { TEST_DAY, TEST_NOW } from '../../support/clock';
import { reactRoot } from '../../support/react-root';

/**
 * A video the service gives without a poster (only its own `url`): the card shows its first
 * frame where the browser can, else "No preview" in words; the detail can play it; the report
 * says so with its link. One element in the card's frame either way.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VIDEO = 'https://cdn.example/v/clip.mp4';

function ad(fields: Record<string, unknown>): LibraryAd {
  return libraryAdSchemaIn(() => 'UTC').parse({
    id: 'm123456789012345678',
    title: 'Trail shoes',
    brand_name: 'Peak',
    brand_id: 'm123456789012345',
    start_date: '2026-11-01',
    status: 'active',
    ...fields,
  });
}

const mounted = reactRoot();

async function card(subject: LibraryAd): Promise<HTMLElement> {
  // Async: the watch toggle reads the watchlist from storage as it mounts.
  await act(async () =>
    mounted.root.render(
      <AdCard
        ad={subject}
        index={0}
        total={1}
        tabbable
        onOpen={() => undefined}
        onFocus={() => undefined}
        onSave={() => undefined}
        saveState={{ boards: new Set(), pending: [], failed: [] }}
      />,
    ),
  );
  const media = mounted.host.querySelector<HTMLElement>('.ad-card-media');
  if (!media) throw new Error('no media frame');
  return media;
}

describe("an ad's picture", () => {
  it('is its image, else a video poster, else a video to show the first frame of, else none', () => {
    expect(adPreview(ad({ images: [{ url: 'https://cdn.example/a.jpg' }], videos: [{ url: VIDEO }] }))).toEqual({
      kind: 'image',
      url: 'https://cdn.example/a.jpg',
    });
    expect(adPreview(ad({ videos: [{ url: VIDEO, preview_image_url: 'https://cdn.example/p.jpg' }] }))).toEqual({
      kind: 'image',
      url: 'https://cdn.example/p.jpg',
    });
    expect(adPreview(ad({ videos: [{ url: VIDEO, width: 720, height: 1280 }] }))).toEqual({
      kind: 'video',
      url: VIDEO,
    });
    expect(adPreview(ad({ videos: [{ url: 'javascript:alert(1)' }] }))).toBeNull();
    expect(firstFrameUrl(`${VIDEO}#t=5`)).toBe(`${VIDEO}#t=0.1`);
  });

  it("in a card, a video without a poster shows its first frame: muted, metadata only, no controls, hidden as the image's empty alt", async () => {
    const media = await card(ad({ videos: [{ url: VIDEO, width: 720, height: 1280 }] }));
    const video = media.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`${VIDEO}#t=0.1`);
    expect(video?.getAttribute('preload')).toBe('metadata');
    expect(video?.muted).toBe(true);
    expect(video?.hasAttribute('controls')).toBe(false);
    expect(video?.hasAttribute('autoplay')).toBe(false);
    expect(video?.getAttribute('aria-hidden')).toBe('true');
    expect(media.querySelector('img')).toBeNull();
  });

  it('in a card, says "No preview" in words where the browser cannot show a frame, in as many elements', async () => {
    const withImage = (await card(ad({ images: [{ url: 'https://cdn.example/a.jpg' }] }))).querySelectorAll('*').length;
    const media = await card(ad({ videos: [{ url: VIDEO }] }));
    expect(media.querySelectorAll('*').length).toBe(withImage);
    act(() => media.querySelector('video')?.dispatchEvent(new Event('error')));
    expect(media.querySelector('video')).toBeNull();
    expect(media.textContent).toContain('No preview');
    expect(media.querySelectorAll('*').length).toBe(withImage);
    expect((await card(ad({}))).textContent).toContain('No preview');
  });

  it("in a card, shows the call to action the service wrote as cta_text, and watches a brand by the service's id", async () => {
    await card(ad({ cta_text: 'Shop Now' }));
    expect(mounted.host.querySelector('.ad-card-cta')?.textContent).toBe('Shop now');
    expect(mounted.host.querySelector('[aria-label="Watch Peak"]')).not.toBeNull();
  });

  it('in the detail view, a video without a poster is named and can be played', () => {
    act(() => mounted.root.render(<VideoFrame src={VIDEO} label="Video 1 of the ad" controls fallbackClassName="x" />));
    const video = mounted.host.querySelector('video');
    expect(video?.getAttribute('aria-label')).toBe('Video 1 of the ad');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.hasAttribute('aria-hidden')).toBe(false);
  });

  it('in a report, a video without a poster is "No preview" with its link, never fetched as an image', async () => {
    const subject = ad({ videos: [{ url: VIDEO }] });
    expect(creativesOf(subject)).toMatchObject({ refs: [], videosOnly: [{ url: VIDEO, label: 'Video 1' }] });
    const file = await renderReport({
      title: 'Board',
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [subject],
      creatives: new Map(),
    });
    const doc = new DOMParser().parseFromString(await file.text(), 'text/html');
    const missing = doc.querySelector('.creatives .missing');
    expect(missing?.textContent).toContain('Video 1 of Trail shoes: No preview');
    expect(missing?.querySelector('a')?.getAttribute('href')).toBe(VIDEO);
  });
});

describe('whether an ad runs, in words', () => {
  it.each([
    [{ status: 'inactive' }, 'Stopped (the service gives no end date)'],
    [{ status: 'active' }, 'Still running'],
    [{}, 'Not given (the service does not say whether it still runs)'],
  ])('%j reads %s', (fields, words) => {
    expect(runStatusText(ad({ status: undefined, ...fields }))).toBe(words);
  });
});
