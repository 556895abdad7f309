import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const panelTabs = [
  'search',
  'similar',
  'brands',
  'accounts',
  'boards',
  'saved',
  'generate',
  'workspace',
] as const;
export type PanelTab = (typeof panelTabs)[number];

interface PanelState {
  tab: PanelTab;
  setTab: (tab: PanelTab) => void;
}

/** Which side-panel tab is open; kept across reopenings (localStorage is read synchronously, so no flash). */
export const usePanelStore = create<PanelState>()(
  persist(
    (set) => ({
      tab: 'search',
      setTab: (tab) => set({ tab }),
    }),
    {
      name: 'adscope.panel',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => {
        const tab = (persisted as Partial<PanelState> | undefined)?.tab;
        return { ...current, ...(tab && (panelTabs as readonly string[]).includes(tab) ? { tab } : {}) };
      },
    },
  ),
);
