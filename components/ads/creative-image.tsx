import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/ads';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string; alt: string };

/**
 * A creative from its original link; when that no longer loads (an expired or removed link),
 * the copy the vault kept, marked "Kept copy" (in its name, and drawn on its frame by
 * `[data-kept]` styles). The vault's code loads only then, so a view whose creatives load pays
 * nothing for it.
 */
export function CreativeImage({ src, alt, ...rest }: Props) {
  // Kept per src: a card given another creative starts again from its original.
  const [state, setState] = useState<{ src: string; kept: string | null; tried: boolean }>({
    src,
    kept: null,
    tried: false,
  });
  const current = state.src === src ? state : { src, kept: null, tried: false };
  useEffect(() => () => void (state.kept && URL.revokeObjectURL(state.kept)), [state.kept]);
  // A copy the vault answers after the card has gone (scrolled away, the panel closed) is let go at once.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const onError = () => {
    if (current.tried) return;
    setState({ src, kept: null, tried: true });
    void import('@/lib/vault/read').then(async ({ keptObjectUrl }) => {
      const kept = await keptObjectUrl(src);
      if (!shown.current) {
        if (kept) URL.revokeObjectURL(kept);
        return;
      }
      setState((now) => (now.src === src ? { src, kept, tried: true } : now));
    });
  };
  // The mark costs no element: the image says it in its name, and a style draws it on the frame.
  return current.kept ? (
    <img
      src={current.kept}
      alt={alt ? t('ads.kept.altOf', { alt }) : t('ads.kept.alt')}
      data-kept=""
      title={t('ads.kept.title')}
      {...rest}
    />
  ) : (
    <img src={src} alt={alt} onError={onError} {...rest} />
  );
}
