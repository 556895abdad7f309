import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import { type SortOrder, sortOrders } from '@/lib/contract/ad-accounts';
import { type Period, periods } from '@/lib/contract/window';
import { persistValidated } from '../ui/persist';
import { onWorkspaceForgotten } from '../ui/page-caches';

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

/** The view before any choice: the first account, the last 7 days, ranked by spend. */
export const INITIAL_ACCOUNTS_VIEW: AccountsView = {
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
      ...INITIAL_ACCOUNTS_VIEW,
      set: (patch) => set(patch),
    }),
    persistValidated(
      'adscope.accounts',
      z.object({
        accountId: z.catch(z.string(), INITIAL_ACCOUNTS_VIEW.accountId),
        period: z.catch(z.enum(periods), INITIAL_ACCOUNTS_VIEW.period),
        dateStart: z.catch(z.string(), ''),
        dateStop: z.catch(z.string(), ''),
        metrics: z.catch(z.array(z.string()).check(z.maxLength(20)), []),
        sortBy: z.catch(z.string(), INITIAL_ACCOUNTS_VIEW.sortBy),
        sortOrder: z.catch(z.enum(sortOrders), INITIAL_ACCOUNTS_VIEW.sortOrder),
        limit: z.catch(z.number().check(z.int()), INITIAL_ACCOUNTS_VIEW.limit),
        openAdId: z.catch(z.nullable(z.string()), null),
      }) satisfies z.ZodMiniType<AccountsView>,
      ({ set: _set, ...view }) => view,
    ),
  ),
);

// The account, its metrics and its open ad are the last workspace's: not asked for under another.
onWorkspaceForgotten(() => {
  useAccountsStore.setState(INITIAL_ACCOUNTS_VIEW);
  useAccountsStore.persist.clearStorage();
});

/** The window parameters of spec 4.0 for the current choice. */
export function windowParams(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>) {
  return view.period === 'custom'
    ? { period: 'custom', date_start: view.dateStart || undefined, date_stop: view.dateStop || undefined }
    : { period: view.period };
}
