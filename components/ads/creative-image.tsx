import { type ImgHTMLAttributes, useEffect, useState } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string; alt: string };

/**
 * A creative from its original link; when that no longer loads (an expired or removed link),
 * the copy the vault kept, marked "kept copy". The vault's code loads only then, so a view
 * whose creatives load pays nothing for it.
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
  const onError = () => {
    if (current.tried) return;
    setState({ src, kept: null, tried: true });
    void import('@/lib/vault/read').then(async ({ keptObjectUrl }) => {
      const kept = await keptObjectUrl(src);
      setState((now) => (now.src === src ? { src, kept, tried: true } : now));
    });
  };
  return (
    <>
      <img src={current.kept ?? src} alt={alt} onError={onError} {...rest} />
      {current.kept ? (
        <span className="badge kept-mark" title="The original no longer loads: this is the copy Adscope kept.">
          Kept copy
        </span>
      ) : null}
    </>
  );
}
