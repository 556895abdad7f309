import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod';
import { type SortOrder, sortOrders } from '@/lib/contract/ad-accounts';
import { type Period, periods } from '@/lib/contract/window';
import { persistValidated } from '../ui/persist';

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
    persistValidated(
      'adscope.accounts',
      z.object({
        accountId: z.string().catch(INITIAL.accountId),
        period: z.enum(periods).catch(INITIAL.period),
        dateStart: z.string().catch(''),
        dateStop: z.string().catch(''),
        metrics: z.array(z.string()).max(20).catch([]),
        sortBy: z.string().catch(INITIAL.sortBy),
        sortOrder: z.enum(sortOrders).catch(INITIAL.sortOrder),
        limit: z.number().int().catch(INITIAL.limit),
        openAdId: z.string().nullable().catch(null),
      }) satisfies z.ZodType<AccountsView>,
      ({ set: _set, ...view }) => view,
    ),
  ),
);

/** The window parameters of spec 4.0 for the current choice. */
export function windowParams(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>) {
  return view.period === 'custom'
    ? { period: 'custom', date_start: view.dateStart || undefined, date_stop: view.dateStop || undefined }
    : { period: view.period };
}
