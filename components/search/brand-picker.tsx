import { type KeyboardEvent, useId, useState } from 'react';
import { useDebouncedValue } from '../ui/hooks';
import { t } from '@/lib/i18n';
import { useBrandOptions } from './use-brand-options';
import 'virtual:adscope-english/common';
import 'virtual:adscope-english/search';

interface BrandPickerProps {
  onPick: (brand: { id: string; name: string }) => void;
}

/** A combobox over the brand catalogue: type, arrow to a brand, Enter to filter by it. */
export function BrandPicker({ onPick }: BrandPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), 250);
  const { typed, options, fetching } = useBrandOptions(query, open);
  const expanded = open && (typed || options.length > 0 || fetching);

  function pick(index: number) {
    const brand = options[index];
    if (!brand) return;
    onPick({ id: brand.id, name: brand.name ?? t('search.brandPicker.unnamed') });
    setText('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => Math.min(options.length - 1, current + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => Math.max(0, current - 1));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list without leaving the view.
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="field combobox">
      <label htmlFor={`${id}-input`}>{t('search.filters.brand')}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && options[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder={t('search.brandPicker.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <span id={`${id}-hint`} className="field-hint">
        {t('search.brandPicker.hint')}
      </span>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.brandPicker.listLabel')}
        className="combobox-list"
        hidden={!expanded}
      >
        {expanded && !typed && options.length > 0 ? (
          <li role="presentation" className="combobox-group muted">
            {t('search.brandPicker.followed')}
          </li>
        ) : null}
        {expanded && fetching && options.length === 0 ? (
          <li role="option" aria-selected="false" aria-disabled="true" className="muted">
            {t('search.brandPicker.searching')}
          </li>
        ) : null}
        {expanded && typed && !fetching && options.length === 0 ? (
          <li role="option" aria-selected="false" aria-disabled="true" className="muted">
            {t('search.brandPicker.noMatch', { query })}
          </li>
        ) : null}
        {options.map((brand, index) => (
          <li
            key={brand.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(index)}
          >
            <span>{brand.name ?? t('search.brandPicker.unnamed')}</span>
            {brand.ad_count !== null ? (
              <span className="muted"> · {t('common.count.ads', { count: brand.ad_count })}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
