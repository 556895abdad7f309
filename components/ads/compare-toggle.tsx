import { create } from 'zustand';
import { isOpaqueId, sameId } from '@/lib/contract/ids';
import { COMPARE_MAX, COMPARE_MIN, type CompareBrand, compareName } from '../report/figures';
import { navigate } from '../navigation/navigation-store';
import { t } from '@/lib/i18n';
import { rich } from '../ui/rich';
import './ads.css';
import 'virtual:adscope-english/ads';

interface CompareState {
  brands: CompareBrand[];
  /** The comparison is shown (in Brands). */
  open: boolean;
  /** The brand whose pick was refused last (the comparison was full). */
  refused: CompareBrand | null;
  toggle: (brand: CompareBrand) => void;
  remove: (id: string) => void;
  clear: () => void;
  show: (open: boolean) => void;
}

/** The brands picked to compare, from any brand row or the watchlist; kept while the panel is open. */
export const useCompareStore = create<CompareState>()((set, get) => ({
  brands: [],
  open: false,
  refused: null,
  toggle: (brand) => {
    const { brands } = get();
    if (brands.some((picked) => sameId(picked.id, brand.id))) {
      set({ brands: brands.filter((picked) => !sameId(picked.id, brand.id)), refused: null });
    } else if (brands.length >= COMPARE_MAX) {
      set({ refused: brand });
    } else {
      set({ brands: [...brands, brand], refused: null });
    }
  },
  remove: (id) => set((state) => ({ brands: state.brands.filter((brand) => brand.id !== id), refused: null })),
  clear: () => set({ brands: [], open: false, refused: null }),
  show: (open) => set({ open }),
}));

/** A toggle: pressed while the brand is picked for comparison. */
export function CompareButton({ brand }: { brand: CompareBrand }) {
  const picked = useCompareStore((state) => state.brands.some((item) => sameId(item.id, brand.id)));
  const toggle = useCompareStore((state) => state.toggle);
  if (!isOpaqueId(brand.id)) return null;
  return (
    <button type="button" className="btn compare-button" aria-pressed={picked} onClick={() => toggle(brand)}>
      {rich('ads.compare.button', {
        brand: <span className="visually-hidden"> {brand.name ?? t('ads.thisBrand')}</span>,
      })}
    </button>
  );
}

/** The brands picked so far, with the way to compare them; nothing while none is picked. */
export function CompareTray() {
  const { brands, refused, remove, clear, show } = useCompareStore();
  if (brands.length === 0 && !refused) return null;
  const ready = brands.length >= COMPARE_MIN;
  return (
    <section className="compare-tray" aria-label={t('ads.compare.trayLabel')}>
      <ul className="list-plain compare-picks">
        {brands.map((brand) => (
          <li key={brand.id} className="compare-pick">
            <span>{compareName(brand)}</span>
            <button type="button" className="btn btn-icon-text" onClick={() => remove(brand.id)}>
              {rich('ads.compare.remove', {
                brand: (
                  <span className="visually-hidden">
                    {t('ads.compare.removeHidden', { brand: compareName(brand) })}
                  </span>
                ),
              })}
            </button>
          </li>
        ))}
      </ul>
      <p className="field-hint" role="status">
        {refused !== null
          ? t('ads.compare.refused', { max: COMPARE_MAX, brand: compareName(refused) })
          : ready
            ? t('ads.compare.picked', { count: brands.length, max: COMPARE_MAX })
            : t('ads.compare.pickMore', { count: COMPARE_MIN - brands.length, max: COMPARE_MAX })}
      </p>
      <div className="action-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!ready}
          onClick={() => {
            show(true);
            navigate({ to: 'brands' });
          }}
        >
          {t('ads.compare.go', { count: brands.length })}
        </button>
        <button type="button" className="btn" onClick={clear}>
          {t('ads.compare.clear')}
        </button>
      </div>
    </section>
  );
}
