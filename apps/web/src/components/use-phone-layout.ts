import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the `sm` breakpoint (where the sidebar also folds away) tables turn into cards. Read on
 * the first render, not in an effect, so a phone never paints the table before the cards.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, {
    getInitialValueInEffect: false,
  });
}
