import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { iconClass, type IconName } from './icons';
import './tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  icon?: IconName;
  /** A count shown on the tab; `countLabel` says it in words ("5 new ads"), in the language shown. */
  count?: number;
  countLabel?: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. The strip
 * wraps into rows on a narrow panel (every tab stays in view, none scrolled away); Up and Down
 * move between the rows.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  // Keep the selected tab in view, also when code selects it: at the next frame, whose layout it
  // then shares, rather than in the commit, where it would lay the page out once more.
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      refs.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  /** Tabs per row as laid out now (one row on a wide panel, more on a narrow one). */
  function perRow(): number {
    const tops = [...refs.current.values()].map((node) => node.offsetTop);
    const first = tops[0];
    const count = tops.filter((top) => top === first).length;
    return count > 0 ? count : tabs.length;
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const row = event.key === 'ArrowDown' || event.key === 'ArrowUp' ? perRow() : 0;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'ArrowDown' && row < tabs.length
            ? Math.min(tabs.length - 1, index + row)
            : event.key === 'ArrowUp' && row < tabs.length
              ? Math.max(0, index - row)
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? tabs.length - 1
                  : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={tab.icon ? `tab ${iconClass(tab.icon)}` : 'tab'}
            title={tab.label}
            onClick={() => onSelect(tab.id)}
          >
            <span className="tab-label">{tab.label}</span>
            {tab.count ? (
              <span className="tab-count">
                <span aria-hidden="true">{tab.count > 99 ? '99+' : tab.count}</span>
                <span className="visually-hidden"> {tab.countLabel ?? tab.count}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} className="tabpanel">
        {children}
      </div>
    </>
  );
}
