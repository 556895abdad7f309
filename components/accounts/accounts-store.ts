import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SortOrder } from '@/lib/api/ad-accounts';
import type { Period } from '@/lib/api/window';

export interface AccountsView {
  accountId: string;
  period: Period;
  /** Only with period custom. */
  dateStart: string;
  dateStop: string;
  /** Extra metric ids on top of the default set. */
  metrics: string[];
  sortBy: string;
  sortOrder: SortOrder;
  limit: number;
  openAdId: string | null;
}

const INITIAL: AccountsView = {
  accountId: '',
  period: 'last_7d',
  dateStart: '',
  dateStop: '',
  metrics: [],
  sortBy: 'spend',
  sortOrder: 'desc',
  limit: 10,
  openAdId: null,
};

interface AccountsState extends AccountsView {
  set: (patch: Partial<AccountsView>) => void;
}

/** The report as the user left it (account, window, metrics, ranking, open ad). */
export const useAccountsStore = create<AccountsState>()(
  persist(
    (set) => ({
      ...INITIAL,
      set: (patch) => set(patch),
    }),
    {
      name: 'adscope.accounts',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, ...view }) => view,
      merge: (persisted, current) => {
        const view = persisted as Partial<AccountsView> | undefined;
        if (!view || typeof view !== 'object') return current;
        return {
          ...current,
          ...(typeof view.accountId === 'string' ? { accountId: view.accountId } : {}),
          ...(typeof view.period === 'string' ? { period: view.period } : {}),
          ...(typeof view.dateStart === 'string' ? { dateStart: view.dateStart } : {}),
          ...(typeof view.dateStop === 'string' ? { dateStop: view.dateStop } : {}),
          ...(Array.isArray(view.metrics)
            ? { metrics: view.metrics.filter((id) => typeof id === 'string').slice(0, 20) }
            : {}),
          ...(typeof view.sortBy === 'string' ? { sortBy: view.sortBy } : {}),
          ...(view.sortOrder === 'asc' || view.sortOrder === 'desc' ? { sortOrder: view.sortOrder } : {}),
          ...(typeof view.limit === 'number' ? { limit: view.limit } : {}),
        };
      },
    },
  ),
);

/** The window parameters of spec 4.0 for the current choice. */
export function windowParams(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>) {
  return view.period === 'custom'
    ? { period: 'custom', date_start: view.dateStart || undefined, date_stop: view.dateStop || undefined }
    : { period: view.period };
}
