import { Text, type TextProps, Tooltip } from '@mantine/core';

interface TruncatedTextProps extends TextProps {
  text: string;
  /** Past this width the text ends in '…'; the whole of it shows on hover or focus. */
  maxWidth: number;
}

/**
 * A user-chosen name in a table cell (up to 100 characters): cut to `maxWidth` so it cannot push
 * the row's other columns (status, Delete) out of sight, with the full name in a tooltip.
 */
export function TruncatedText({ text, maxWidth, ...textProps }: TruncatedTextProps) {
  return (
    <Tooltip
      label={text}
      multiline
      maw={360}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text {...textProps} truncate="end" maw={maxWidth} tabIndex={0}>
        {text}
      </Text>
    </Tooltip>
  );
}
