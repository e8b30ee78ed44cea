// The level picker (product.md §2 Screens): a 'Level N' button opens a list of the 10 levels; levels at
// or beyond the user's max level show a lock and cannot be chosen; a click outside closes it.
// ARIA listbox: the button has aria-haspopup/aria-expanded, options carry aria-selected and
// aria-disabled; arrow keys, Home/End, Enter/Space and Escape work as expected.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon, LockIcon } from '@/components/icons.tsx';
import { useClickOutside } from '@/hooks/use-click-outside.ts';

export const LEVEL_COUNT = 10;

export function LevelPicker({ levelIndex, maxLevel, onSelect }: {
  levelIndex: number;
  maxLevel: number;
  onSelect: (levelIndex: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(levelIndex);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  useClickOutside(anchor, () => setOpen(false), open);

  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.focus();
  }, [open, active]);

  const locked = (index: number) => index + 1 > maxLevel;
  const choose = (index: number) => {
    if (locked(index)) return;
    onSelect(index);
    setOpen(false);
    button.current?.focus();
  };
  const openList = () => {
    setActive(levelIndex);
    setOpen(true);
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = (to: number) => setActive(Math.max(0, Math.min(LEVEL_COUNT - 1, to)));
    switch (event.key) {
      case 'ArrowDown': move(active + 1); break;
      case 'ArrowUp': move(active - 1); break;
      case 'Home': move(0); break;
      case 'End': move(LEVEL_COUNT - 1); break;
      case 'Enter':
      case ' ': choose(active); break;
      case 'Escape': setOpen(false); button.current?.focus(); break;
      case 'Tab': setOpen(false); return;
      default: return;
    }
    event.preventDefault();
  };

  return (
    <div className="menu-anchor level-picker" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="button button--secondary level-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            openList();
          }
        }}
      >
        <span className="visually-hidden">Choose level, current: </span>
        Level {levelIndex + 1}
        <ChevronDownIcon />
      </button>
      {open ? (
        <ul className="menu level-picker__list" id={listId} role="listbox" aria-label="Levels" ref={list} onKeyDown={onListKey}>
          {Array.from({ length: LEVEL_COUNT }, (_, index) => (
            <li
              key={index}
              role="option"
              data-index={index}
              tabIndex={index === active ? 0 : -1}
              aria-selected={index === levelIndex}
              aria-disabled={locked(index) || undefined}
              className="menu__item level-picker__option"
              onClick={() => choose(index)}
              onFocus={() => setActive(index)}
            >
              <span>Level {index + 1}</span>
              {locked(index) ? <LockIcon label="locked" /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
