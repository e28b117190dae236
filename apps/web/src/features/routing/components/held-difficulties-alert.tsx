import { IconThumbDown } from '@tabler/icons-react';
import { Notice } from '../../../components/notice.tsx';
import { type Difficulty, heldClassesText } from '../routing-figures.ts';

/**
 * Feedback closes the loop: when users thumb down too many routed answers of a class (at least 5
 * ratings in a week, 30% or more negative), the gateway stops downgrading that class.
 */
export function HeldDifficultiesAlert({ held }: { held: readonly Difficulty[] }) {
  if (held.length === 0) return null;
  return (
    <Notice color="orange" icon={IconThumbDown} title="Routing held back by feedback">
      {heldClassesText(held)} are no longer downgraded to a cheaper model, because users thumbed
      down too many routed answers of this kind (30% or more of at least 5 ratings over the last 7
      days). They go to the model the caller asked for until the feedback improves.
    </Notice>
  );
}
