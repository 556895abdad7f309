import { useState } from 'react';
import { t } from '@/lib/i18n';
import { firstFrameUrl } from './ad-words';
import 'virtual:adscope-english/ads';

interface VideoFrameProps {
  /** The video's own address (a web address, already checked). */
  src: string;
  /**
   * Its accessible name, as an image's alt: empty for a picture that only stands beside the
   * ad's own name (a card), where it is hidden from assistive technology as an empty alt is.
   */
  label: string;
  /** The detail view lets the user play it; a card never does. */
  controls?: boolean;
  /** What shows when the browser cannot show a frame (an address that fails, a type it cannot play). */
  fallbackClassName: string;
}

/**
 * A video's first frame where the browser can show one: a muted `<video>` that loads only its
 * metadata and the frame at 0.1 s, never plays by itself, and shows no controls unless asked. When
 * the browser cannot (the address fails, the type is not one it plays), an honest "No preview"
 * in words. One element either way, so a card costs no more nodes than with an image.
 */
export function VideoFrame({ src, label, controls = false, fallbackClassName }: VideoFrameProps) {
  // Kept per src: a card given another video tries again.
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <span className={fallbackClassName}>{t('ads.noPreview')}</span>;
  return (
    <video
      src={firstFrameUrl(src)}
      preload="metadata"
      muted
      playsInline
      disablePictureInPicture
      controls={controls}
      autoPlay={false}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      tabIndex={controls ? undefined : -1}
      onError={() => setFailed(src)}
    />
  );
}
