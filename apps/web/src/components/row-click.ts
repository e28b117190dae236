import type { MouseEvent } from 'react';

/**
 * The click handler of a clickable table row or phone card. A click on one of the row's own
 * controls (the chevron, View Details) is theirs alone, or the row would act twice; a click that
 * ends a text selection is someone copying a value, not asking for the row's action.
 */
export function rowClickHandler(onClick: (() => void) | undefined) {
  if (!onClick) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a, button, input')) return;
    if (window.getSelection()?.toString()) return;
    onClick();
  };
}
